import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';

/** A free TCP port on this machine's loopback, chosen by the system. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface StandalonePlatform {
  origin: string;
  /** Same as origin: a PlatformControl target. */
  baseURL: string;
  controlSecret: string;
  /** Everything it printed so far (the personas among it). */
  output(): string;
  stop(): Promise<void>;
}

/** The emulator started on its own (`npm run platform`), as a real platform runs elsewhere; its control API on unless asked. */
export async function startStandalonePlatform({ control = true } = {}): Promise<StandalonePlatform> {
  const port = await freePort();
  let output = '';
  const controlSecret = randomBytes(32).toString('hex');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'emulator/main.ts'], {
    env: { ...process.env, PLATFORM_PORT: String(port), EMULATOR_CONTROL: control ? '1' : '', EMULATOR_CONTROL_SECRET: controlSecret },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the standalone emulator exited (${code})`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Platform emulator on')) resolve();
    });
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    baseURL: `http://127.0.0.1:${port}`,
    controlSecret,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
