/**
 * Standalone emulator: `npx tsx emulator/main.ts` (or `npm run platform`).
 * Listens on PLATFORM_PORT (default 4010); EMULATOR_CONTROL=1 turns on /__control/*.
 */
import { createServer } from 'node:http';
import { createPlatform } from './index.ts';

const port = Number(process.env.PLATFORM_PORT ?? '4010');
const platform = await createPlatform();
const control = process.env.EMULATOR_CONTROL === '1';

const server = createServer((req, res) => {
  platform.handle(req, res, () => {
    res.statusCode = 404;
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.end(JSON.stringify({ status: 404, code: 'NOT_FOUND', message: 'Not a platform path' }));
  });
});

server.listen(port, () => {
  console.log(`Platform emulator on http://localhost:${port} (control API ${control ? 'on' : 'off'})`);
  console.log('Personas:');
  for (const p of platform.personas) console.log(`  ${p.email.padEnd(24)} ${p.password}  ${p.description}`);
});

const stop = (): void => {
  server.close(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
