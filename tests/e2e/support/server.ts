import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preview, type PluginOption, type PreviewServer } from 'vite';

/** The connected app of the test deployment: the emulator's content object names it as CommunityAppUrl. */
export const communityHost = 'community.trust-shell.test';

export interface ShellServer {
  baseURL: string;
  /** Its emulator's control secret (PlatformControl sends it). */
  controlSecret: string;
  close(): Promise<void>;
}

/**
 * Starts the production preview (dist/ + emulator with its control API, a secret of its own) on `port`, or on a free
 * port the system picks when `port` is 0 (so separate test runs on one machine never collide).
 * `env` is applied while the config loads, e.g. SHELL_CONFIG for a test of a broken /config.json;
 * `plugins` join the project's (the bench adds its harness pages).
 */
export async function startShellServer(port = 0, env: Record<string, string> = {}, outDir?: string, plugins: PluginOption[] = []): Promise<ShellServer> {
  const saved: Record<string, string | undefined> = {};
  const controlSecret = env.EMULATOR_CONTROL_SECRET ?? randomBytes(32).toString('hex');
  const applied = { EMULATOR_CONTROL: '1', EMULATOR_CONTROL_SECRET: controlSecret, TRUST_SHELL_QUIET: '1', PORT: String(port), ...(outDir ? { OUT_DIR: outDir } : {}), ...env };
  for (const [k, v] of Object.entries(applied)) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  let server: PreviewServer;
  try {
    server = await preview({ logLevel: 'warn', plugins, preview: { port, strictPort: true, host: '127.0.0.1' } });
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
  // Node closes an idle kept-alive connection after 5 s; a test's request sent on it at that
  // moment fails with ECONNRESET (seen in a loaded CI-faithful run). A test outlives no idle
  // connection of two minutes.
  if ('keepAliveTimeout' in server.httpServer) server.httpServer.keepAliveTimeout = 120_000;
  const address = server.httpServer.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    baseURL: `http://127.0.0.1:${actualPort}`,
    controlSecret,
    close: () => server.close(),
  };
}

/** A server whose runtime configuration is `config` merged over the defaults (a temporary SHELL_CONFIG file). */
export function startShellServerWithConfig(config: Record<string, unknown>, env: Record<string, string> = {}): Promise<ShellServer> {
  const file = join(mkdtempSync(join(tmpdir(), 'shell-config-')), 'config.json');
  writeFileSync(file, JSON.stringify(config));
  return startShellServer(0, { SHELL_CONFIG: file, ...env });
}
