import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import type { Plugin } from 'vite';
import { startShellServer, type ShellServer } from '../tests/e2e/support/server.ts';

const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.map': 'application/json' };

/**
 * Serves the harness build's /bench/ files; the shell's plugin has already set the security
 * headers. They are cached as `vite preview` (sirv) caches the app's own files: no-cache with a
 * weak ETag and Last-Modified, answered 304 when unchanged, so a warm start of the bare page
 * revalidates exactly as the app's files would without a service worker.
 */
function harnessPages(harnessDir: string): Plugin {
  return {
    name: 'trust-shell-bench-harness',
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = normalize(decodeURIComponent(req.url?.split('?')[0] ?? ''));
        if (!path.startsWith('/bench/')) return next();
        const file = join(harnessDir, path);
        Promise.all([stat(file), readFile(file)]).then(
          ([info, body]) => {
            const etag = `W/"${info.size}-${info.mtime.getTime()}"`;
            const headers = { 'Content-Type': types[extname(path)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache', ETag: etag, 'Last-Modified': info.mtime.toUTCString() };
            if (req.headers['if-none-match'] === etag) {
              res.writeHead(304, headers);
              res.end();
              return;
            }
            res.writeHead(200, headers);
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
export function startBenchServer(outDir: string, harnessDir: string): Promise<ShellServer> {
  return startShellServer(0, {}, outDir, [harnessPages(harnessDir)]);
}
