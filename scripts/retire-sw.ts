// Replaces a built shell's service worker with the kill switch (public/sw-retire.js), so one
// deploy of that folder retires a broken service worker everywhere. Usage: npm run retire-sw -- dist
import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const dir = resolve(process.argv[2] ?? 'dist');
const killSwitch = join(dir, 'sw-retire.js');
if (!existsSync(killSwitch)) {
  console.error(`${killSwitch} not found: build the shell first (npm run build).`);
  process.exit(1);
}
copyFileSync(killSwitch, join(dir, 'sw.js'));
rmSync(join(dir, 'sw.js.map'), { force: true });
// The hosts send a precompressed sibling in place of the file (server/precompressed, nginx's
// gzip_static and brotli_static): the old worker's would still be served. The kill switch's own
// siblings take their place, or none.
for (const ext of ['br', 'gz']) {
  const sibling = join(dir, `sw.js.${ext}`);
  rmSync(sibling, { force: true });
  if (existsSync(`${killSwitch}.${ext}`)) copyFileSync(`${killSwitch}.${ext}`, sibling);
}
console.log(`${join(dir, 'sw.js')} is now the kill switch: deploy ${dir} to retire the service worker.`);
