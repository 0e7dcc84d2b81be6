// Writes the nginx site for a built shell (README, "Production serving"):
//   npm run nginx-site -- --root /srv/trust-shell/dist --upstream http://platform:8080 --server-name shell.example.com \
//     [--config runtime-config.json] [--listen 80] [--conf-dir /etc/nginx/trust-shell] --out DIR
// DIR gets trust-shell.conf (the site), trust-shell-security-headers.conf (its include) and the
// config.json nginx serves, all from the one runtime configuration, as `vite preview` builds them.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildConfigDocument } from '../server/runtimeConfigFile.ts';
import { configFileName, headersFileName, renderSite, securityHeadersInclude, siteFileName } from '../server/nginxSite.ts';

function fail(message: string): never {
  console.error(`nginx-site: ${message}`);
  process.exit(1);
}

let args;
try {
  args = parseArgs({
    options: {
      root: { type: 'string' },
      upstream: { type: 'string' },
      config: { type: 'string' },
      out: { type: 'string' },
      listen: { type: 'string', default: '80' },
      'server-name': { type: 'string' },
      'conf-dir': { type: 'string' },
    },
  }).values;
} catch (error) {
  fail(String((error as Error).message));
}
// The site answers its own host name only (any other Host is refused): there is no default.
if (!args.root || !args.upstream || !args.out || !args['server-name']) fail('--root, --upstream, --server-name and --out are required');

const out = resolve(args.out);
const root = resolve(args.root);
// The files may be generated on one machine for another: a missing build is worth a warning only.
if (!existsSync(join(root, 'index.html'))) console.warn(`nginx-site: warning: no index.html in ${root} (build the shell there before nginx serves it)`);

// No emulator behind a real deployment: the contract's defaults, with --config merged over them.
const { body: configText, warning } = buildConfigDocument(args.config ? resolve(args.config) : undefined, false);
if (warning) console.warn(`nginx-site: warning: ${warning}`);

let site: string;
try {
  const template = readFileSync(new URL('../deploy/nginx/trust-shell.conf', import.meta.url), 'utf8');
  site = renderSite(template, { listen: args.listen, serverName: args['server-name'], root, upstream: args.upstream, confDir: resolve(args['conf-dir'] ?? out) });
} catch (error) {
  fail((error as Error).message);
}

mkdirSync(out, { recursive: true });
writeFileSync(join(out, siteFileName), site);
writeFileSync(join(out, headersFileName), securityHeadersInclude(configText));
writeFileSync(join(out, configFileName), configText);
console.log(`nginx-site: wrote ${siteFileName}, ${headersFileName} and ${configFileName} to ${out}`);
