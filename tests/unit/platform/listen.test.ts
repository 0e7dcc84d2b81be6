// The standalone emulator (`npm run platform`) listens on the loopback unless PLATFORM_HOST says otherwise.
import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url);

/** This machine's first address other than the loopback, if it has one. */
const outward = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

let child: ChildProcess | null = null;
afterEach(async () => {
  if (!child) return;
  const exited = new Promise((resolve) => child!.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  child = null;
});

/** Starts `emulator/main.ts` with `env` and resolves once it says it listens: what it printed. */
async function startMain(env: Record<string, string>): Promise<string> {
  let output = '';
  child = spawn(process.execPath, ['--import', 'tsx', 'emulator/main.ts'], { cwd: root, env: { ...process.env, EMULATOR_CONTROL: '', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child!.once('exit', (code) => reject(new Error(`the emulator exited (${code})`)));
    child!.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Platform emulator on')) resolve();
    });
  });
  return output;
}

describe.skipIf(!outward)('the standalone emulator listens', () => {
  it('on 127.0.0.1 only by default: not on the machine\'s other addresses', async () => {
    const port = await freePort();
    const output = await startMain({ PLATFORM_PORT: String(port) });
    expect(await accepts('127.0.0.1', port)).toBe(true);
    expect(await accepts(outward!, port)).toBe(false);
    expect(output).toContain(`http://127.0.0.1:${port}`);
  });

  it('on the address PLATFORM_HOST names', async () => {
    const port = await freePort();
    await startMain({ PLATFORM_PORT: String(port), PLATFORM_HOST: '0.0.0.0' });
    expect(await accepts(outward!, port)).toBe(true);
  });
});
