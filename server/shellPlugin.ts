import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin, ProxyOptions } from 'vite';
import type { Platform } from '../emulator/index.ts';
import { platformAnswerPolicy } from './platformAnswerPolicy.ts';
import { precompressedFiles } from './precompressed.ts';
import { buildConfigDocument } from './runtimeConfigFile.ts';
import { securityHeaders } from './securityHeaders.ts';

type Next = (err?: unknown) => void;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

/**
 * The shell's host as one Vite plugin, used by `vite` (dev) and `vite preview` (npm start, tests):
 * serves /config.json and either mounts the platform emulator on the same origin or, with
 * PLATFORM_ORIGIN set, proxies every platform path to a real platform.
 */
export function platformProxy(origin: string): Record<string, ProxyOptions> {
  const target = {
    target: origin,
    changeOrigin: true,
    secure: true,
    // X-Forwarded-Host and -Proto name the address the browser called, as deploy/nginx does: the
    // platform checks a DPoP proof's htu against it (contract "Sender-constrained tokens").
    xfwd: true,
    // As deploy/nginx: the platform's pages are sandboxed on the shell's origin (server/platformAnswerPolicy).
    configure: (proxy) => {
      proxy.on('proxyRes', (answer, req) => {
        const policy = platformAnswerPolicy(req.url?.split('?')[0] ?? '', answer.headers['content-type']);
        if (policy) answer.headers['content-security-policy'] = policy;
      });
    },
  } satisfies ProxyOptions;
  return {
    '^/(api|seed-translations|authentication|access|oidc|crm)/': target,
    '^/[A-Za-z0-9-]{1,64}/api/': target,
  };
}

function configMiddleware(configFile: string | undefined, withEmulator: boolean): Middleware {
  return (req, res, next) => {
    if (req.url?.split('?')[0] !== '/config.json') return next();
    try {
      const { body, warning } = buildConfigDocument(configFile, withEmulator);
      if (warning) console.warn(warning);
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(body);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * The shell's files go out with the security headers of the configuration served beside them
 * (server/securityHeaders). Registered after the emulator, which answers its own paths itself.
 */
function headersMiddleware(configFile: string | undefined, withEmulator: boolean): Middleware {
  // Built again only when the configuration file changes (as the served /config.json follows it),
  // not read, merged and parsed for every file the server sends.
  let cached: { version: string; headers: Record<string, string> } | null = null;
  const current = () => {
    const stat = configFile ? statSync(configFile) : null;
    const version = stat ? `${stat.mtimeMs}:${stat.size}` : 'defaults';
    if (cached?.version !== version) cached = { version, headers: securityHeaders(buildConfigDocument(configFile, withEmulator).body) };
    return cached.headers;
  };
  return (_req, res, next) => {
    let headers: Record<string, string>;
    try {
      headers = current();
    } catch {
      headers = securityHeaders('{}');
    }
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    next();
  };
}

/** Source maps are built (hidden) but never served: a 404 like any missing file. */
function noSourceMaps(): Middleware {
  return (req, res, next) => {
    if (!/\.map$/i.test(req.url?.split('?')[0] ?? '')) return next();
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end('Not found');
  };
}

/**
 * As deploy/nginx does: a content-hashed build file (`/assets/name-<hash>.ext`) never changes, so
 * the browser keeps it for a year instead of asking again on every page load (Vite's preview sends
 * every file `no-cache`). Only a file that is there: a missing one's 404 must not be kept.
 */
function immutableAssets(distDir: string): Middleware {
  return (req, res, next) => {
    const path = req.url?.split('?')[0] ?? '';
    if (/^\/assets\/[^/]*-[A-Za-z0-9_-]{8,}\.[A-Za-z0-9]+$/.test(path) && !path.endsWith('.map') && existsSync(join(distDir, path))) {
      // Vite's file server keeps a Cache-Control already set on the response.
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    }
    next();
  };
}

export function shellServer(): Plugin {
  // The environment is read once, when the config loads, so each server keeps its own settings.
  const platformOrigin = process.env.PLATFORM_ORIGIN;
  const configFile = process.env.SHELL_CONFIG;
  const control = process.env.EMULATOR_CONTROL === '1';
  // Read with the config (like EMULATOR_CONTROL), not at the lazy first request: a test server's env is gone by then.
  const dpop = process.env.EMULATOR_DPOP !== '0';
  const controlSecret = process.env.EMULATOR_CONTROL_SECRET;
  const quiet = Boolean(process.env.CI || process.env.TRUST_SHELL_QUIET);
  let platform: Promise<Platform> | null = null;
  const mount = (use: (fn: Middleware) => void, printUrls: boolean, distDir: string | null) => {
    use(configMiddleware(configFile, !platformOrigin));
    if (platformOrigin) {
      if (distDir) {
        use(headersMiddleware(configFile, false));
        use(noSourceMaps());
        use(immutableAssets(distDir));
        use(precompressedFiles(distDir));
      }
      return;
    }
    // Loaded lazily: a deployment in front of a real platform never loads emulator code.
    platform ??= import('../emulator/index.ts').then((m) => m.createPlatform({ control, dpop, ...(controlSecret ? { controlSecret } : {}) }));
    use((req, res, next) => {
      platform!.then((p) => p.handle(req, res, next)).catch(next);
    });
    if (distDir) {
      use(headersMiddleware(configFile, true));
      use(noSourceMaps());
      use(immutableAssets(distDir));
      use(precompressedFiles(distDir));
    }
    if (printUrls) {
      void platform.then((p) => {
        console.log('\n  Demo sign-in personas (platform emulator):');
        for (const persona of p.personas) console.log(`    ${persona.email.padEnd(22)} ${persona.password.padEnd(18)} ${persona.description}`);
        if (p.controlSecret) console.log(`\n  Emulator control API on; its secret (X-Emulator-Control header): ${p.controlSecret}`);
        console.log('');
      });
    }
  };
  return {
    name: 'trust-shell-server',
    config() {
      return platformOrigin ? { server: { proxy: platformProxy(platformOrigin) }, preview: { proxy: platformProxy(platformOrigin) } } : {};
    },
    configureServer(server) {
      // The dev server's React refresh preamble is an inline script: no policy there.
      mount((fn) => server.middlewares.use(fn), true, null);
    },
    configurePreviewServer(server) {
      // The built files' headers (the security policy, the hashed files' cache rule) and their
      // precompressed siblings.
      const distDir = resolve(server.config.root, server.config.build.outDir);
      mount((fn) => server.middlewares.use(fn), !quiet, distDir);
      // After Vite's fall-back has turned a route (/auth) into /index.html: the page's siblings too.
      return () => server.middlewares.use(precompressedFiles(distDir));
    },
  };
}
