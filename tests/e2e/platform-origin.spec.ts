import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { test, expect, fillSignIn, quietenStartup } from './fixtures.ts';
import { startShellServer } from './support/server.ts';
import { PlatformControl } from './support/platform.ts';

/** A free TCP port on this machine. */
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

/** The emulator started on its own (`npm run platform`), as a real platform would run elsewhere. */
async function startStandalonePlatform(): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/platform/main.ts'], {
    env: { ...process.env, PLATFORM_PORT: String(port), EMULATOR_CONTROL: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the standalone emulator exited (${code})`)));
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Platform emulator on')) resolve();
    });
  });
  return { origin: `http://127.0.0.1:${port}`, child };
}

test('PLATFORM_ORIGIN: no emulator in the shell, every platform path proxied to the platform', async ({ page, request }) => {
  const platform = await startStandalonePlatform();
  const shell = await startShellServer(0, { PLATFORM_ORIGIN: platform.origin });
  try {
    const upstream = new PlatformControl(request, platform.origin);
    await quietenStartup(upstream);
    // The shell's own host has no emulator: its control API is not there.
    expect((await request.post(`${shell.baseURL}/__control/reset`)).status()).not.toBe(200);
    const config = (await (await request.get(`${shell.baseURL}/config.json`)).json()) as { microFrontends: unknown[] };
    expect(config.microFrontends).toEqual([]); // the example remote belongs to the emulator

    await page.goto(`${shell.baseURL}/auth`);
    await fillSignIn(page, 'ptl@acme.test');
    await expect(page).toHaveURL(/\/mfe-host$/);
    await expect(page.getByTestId('tenant-name')).toHaveText('Northwind EU');

    // What reached the platform came through the proxy: sign-in, and tenant-prefixed calls.
    const log = await upstream.log();
    expect(log.some((r) => r.path === '/api/access/v1/oauth/token' && r.status === 200)).toBe(true);
    expect(log.some((r) => r.path === '/eu-tenant-7/api/global-state/v1/init' && r.status === 200)).toBe(true);
    expect(log.some((r) => r.path === '/seed-translations/en-us' || r.path.startsWith('/api/globalization/'))).toBe(true);
  } finally {
    await shell.close();
    platform.child.kill('SIGTERM');
  }
});

test('the standalone emulator prints the personas, and has no control API unless asked', async ({ request }) => {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/platform/main.ts'], {
    env: { ...process.env, PLATFORM_PORT: String(port), EMULATOR_CONTROL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  try {
    // Starting means compiling TypeScript and making an RSA key pair: slow on a busy machine.
    await expect.poll(() => output, { timeout: 30_000 }).toContain('bigorg@acme.test');
    expect(output).toContain('trust-shell-demo');
    expect((await request.post(`http://127.0.0.1:${port}/__control/reset`)).status()).toBe(404);
    expect((await request.get(`http://127.0.0.1:${port}/api/access/v1/permissions`)).status()).toBe(401);
  } finally {
    child.kill('SIGTERM');
  }
});
