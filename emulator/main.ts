/**
 * Standalone emulator: `npx tsx emulator/main.ts` (or `npm run platform`).
 * Listens on PLATFORM_HOST (default 127.0.0.1: not reachable from other machines) and PLATFORM_PORT
 * (default 4010); EMULATOR_CONTROL=1 turns on /__control/*, whose secret (EMULATOR_CONTROL_SECRET,
 * else made now) it prints.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPlatform } from './index.ts';

const host = process.env.PLATFORM_HOST || '127.0.0.1';
const port = Number(process.env.PLATFORM_PORT ?? '4010');
const platform = await createPlatform();

const server = createServer((req, res) => {
  platform.handle(req, res, () => {
    res.statusCode = 404;
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.end(JSON.stringify({ status: 404, code: 'NOT_FOUND', message: 'Not a platform path' }));
  });
});

server.listen(port, host, () => {
  const { address, family, port: bound } = server.address() as AddressInfo;
  const shown = family === 'IPv6' ? `[${address}]` : address;
  console.log(`Platform emulator on http://${shown}:${bound} (control API ${platform.controlSecret ? 'on' : 'off'})`);
  if (platform.controlSecret) console.log(`Control secret (X-Emulator-Control header): ${platform.controlSecret}`);
  console.log('Personas:');
  for (const p of platform.personas) console.log(`  ${p.email.padEnd(24)} ${p.password}  ${p.description}`);
});

const stop = (): void => {
  server.close(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
