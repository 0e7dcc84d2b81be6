import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Request } from '@playwright/test';
import { chromiumPath } from '../tests/e2e/support/browser.ts';
import { startNginx } from '../tests/e2e/support/nginx.ts';
import { freePort, startStandalonePlatform } from '../tests/e2e/support/standalonePlatform.ts';
import type { BenchRow } from './report.ts';
import type { BenchOptions } from './setup.ts';
import { signIn } from './signIn.ts';
import { sample } from './stats.ts';

/**
 * The bytes a member's browser receives through the production site (`npm run nginx-site`, Debian's
 * nginx with brotli_static, in front of the standalone emulator): every response body and header
 * of a first visit to /auth and of a signed-in start of /mfe-host, until the network is quiet, with
 * an empty HTTP cache and no service worker. Once as Chromium asks (brotli), once as a client that
 * takes only gzip, so the two codings' figures stand side by side.
 */
const kb = (bytes: number) => bytes / 1024;

interface Received {
  total: number;
  scripts: number;
  requests: number;
  encodings: Set<string>;
}

/** Loads `url` in a new uncached tab and adds up what came over the wire, counted once per address. */
async function receivedBy(context: BrowserContext, url: string, ready: string): Promise<Received> {
  const byUrl = new Map<string, { bytes: number; script: boolean }>();
  const encodings = new Set<string>();
  const pending: Promise<void>[] = [];
  const onFinished = (request: Request) => {
    pending.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        // A script fetched for a modulepreload and then taken by its import shows twice; the second has no bytes of its own.
        const bytes = Math.max(0, sizes.responseBodySize) + Math.max(0, sizes.responseHeadersSize);
        const previous = byUrl.get(request.url());
        if (!previous || previous.bytes < bytes) byUrl.set(request.url(), { bytes, script: request.resourceType() === 'script' || /\.js(\?|$)/.test(request.url()) });
        const encoding = await response?.headerValue('content-encoding');
        if (encoding) encodings.add(encoding);
      })().catch(() => undefined),
    );
  };
  context.on('requestfinished', onFinished);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  try {
    await page.goto(url);
    await page.waitForSelector(ready, { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    const entries = [...byUrl.values()];
    return { total: entries.reduce((a, e) => a + e.bytes, 0), scripts: entries.filter((e) => e.script).reduce((a, e) => a + e.bytes, 0), requests: entries.length, encodings };
  } finally {
    context.off('requestfinished', onFinished);
    await cdp.detach();
    await page.close();
  }
}

function row(figure: string, runs: Received[]): BenchRow {
  const last = runs.at(-1)!;
  const note = `${kb(last.scripts).toFixed(1)} KB of it scripts, ${last.requests} responses, coded ${[...last.encodings].sort().join(', ') || 'none'}`;
  return { figure, sample: sample(runs.map((r) => kb(r.total))), unit: 'KB', note, aim: '', ok: null };
}

async function measure(browser: Browser, origin: string, runs: number, encodingHeader: Record<string, string>): Promise<{ auth: Received[]; signedIn: Received[] }> {
  const auth: Received[] = [];
  const signedIn: Received[] = [];
  const options = { serviceWorkers: 'block' as const, extraHTTPHeaders: encodingHeader };
  for (let run = 0; run < runs; run += 1) {
    const anonymous = await browser.newContext(options);
    auth.push(await receivedBy(anonymous, `${origin}/auth`, 'input[type="email"], input[autocomplete="username"]'));
    await anonymous.close();
  }
  const member = await browser.newContext(options);
  const page = await member.newPage();
  await signIn(page, origin);
  await page.close();
  for (let run = 0; run < runs; run += 1) signedIn.push(await receivedBy(member, `${origin}/mfe-host`, '[data-testid="user-name"]:not(:empty)'));
  await member.close();
  return { auth, signedIn };
}

export async function benchWire(options: BenchOptions): Promise<BenchRow[]> {
  const work = mkdtempSync(join(tmpdir(), 'trust-shell-bench-wire-'));
  const platform = await startStandalonePlatform();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const site = join(work, 'site');
  const generator = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/nginx-site.ts', '--root', resolve(options.outDir), '--upstream', platform.origin, '--listen', `127.0.0.1:${port}`, '--server-name', '127.0.0.1', '--out', site],
    { encoding: 'utf8' },
  );
  if (generator.status !== 0) throw new Error(`npm run nginx-site failed:\n${generator.stderr}`);
  const nginx = await startNginx(join(site, 'trust-shell.conf'), work);
  const browser = await chromium.launch({ executablePath: chromiumPath() });
  try {
    const brotli = await measure(browser, origin, options.runs, {});
    const gzip = await measure(browser, origin, options.runs, { 'Accept-Encoding': 'gzip' });
    return [
      row('bytes received, first visit to /auth through nginx (brotli)', brotli.auth),
      row('bytes received, first visit to /auth through nginx (gzip-only client)', gzip.auth),
      row('bytes received, signed-in start /mfe-host through nginx (brotli)', brotli.signedIn),
      row('bytes received, signed-in start /mfe-host through nginx (gzip-only client)', gzip.signedIn),
    ];
  } finally {
    await browser.close();
    await nginx.stop();
    await platform.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
