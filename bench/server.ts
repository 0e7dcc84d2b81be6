import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { preview, type Plugin } from 'vite';
import type { ShellServer } from '../tests/e2e/support/server.ts';

const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.map': 'application/json' };

/** Serves the harness build's /bench/ files; the shell's plugin has already set the security headers. */
function harnessPages(harnessDir: string): Plugin {
  return {
    name: 'trust-shell-bench-harness',
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = normalize(decodeURIComponent(req.url?.split('?')[0] ?? ''));
        if (!path.startsWith('/bench/')) return next();
        readFile(join(harnessDir, path)).then(
          (body) => {
            res.writeHead(200, { 'Content-Type': types[extname(path)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
            res.end(body);
          },
          () => next(),
        );
      });
    },
  };
}

/**
 * The production preview of `outDir` with the emulator and its control API (as the browser tests
 * run it, tests/e2e/support/server.ts) plus the harness pages, on a port the system picks.
 */
export async function startBenchServer(outDir: string, harnessDir: string): Promise<ShellServer> {
  const applied: Record<string, string> = { EMULATOR_CONTROL: '1', TRUST_SHELL_QUIET: '1', OUT_DIR: outDir, PORT: '0' };
  const saved = Object.fromEntries(Object.keys(applied).map((k) => [k, process.env[k]]));
  Object.assign(process.env, applied);
  try {
    const server = await preview({ logLevel: 'warn', plugins: [harnessPages(harnessDir)], preview: { port: 0, strictPort: true, host: '127.0.0.1' } });
    const address = server.httpServer.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return { baseURL: `http://127.0.0.1:${port}`, close: () => server.close() };
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}
