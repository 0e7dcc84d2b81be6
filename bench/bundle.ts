import { existsSync, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext, type Response } from '@playwright/test';
import { chromiumPath } from '../tests/e2e/support/browser.ts';
import type { BenchRow } from './report.ts';
import type { BenchOptions } from './setup.ts';
import { startBenchServer } from './server.ts';
import { sample } from './stats.ts';
import { signIn } from './signIn.ts';

/**
 * Initial JavaScript per route, as the browser actually loads it: every JS file the page requests
 * before the route first shows (its `ready` selector matches), counted as the .gz the hosts send a
 * gzip client (build/precompress; as tests/unit/dist.test.ts counts; `--only wire` has the bytes
 * through nginx with brotli), with no service worker (it would precache everything) and an
 * empty HTTP cache. What it requests after that, until the network is quiet, is reported beside it
 * as deferred, as is the manifest count of dist.test.ts (entry + route chunks + static imports), so
 * a difference shows: chunks loaded lazily at start-up, or preloads the manifest misses.
 */
const kb = (bytes: number) => bytes / 1024;

/** The bytes a gzip client is sent for a build file: its .gz, or the file itself where it has none. */
function gzipSent(outDir: string, file: string): number {
  const gz = `${outDir}/${file}.gz`;
  return statSync(existsSync(gz) ? gz : `${outDir}/${file}`).size;
}

interface Loaded {
  /** The shell's own files (from the build) requested before the route showed, gzip bytes by path. */
  shell: Map<string, number>;
  /** The shell's own files requested after it (until the network was quiet). */
  deferred: Map<string, number>;
  /** Script served by the platform (micro-frontend remotes, the analytics agent). */
  other: Map<string, number>;
}

/** `ready`: a CSS selector (the page matches it itself, to time when the route first shows). */
async function jsLoadedBy(context: BrowserContext, url: string, ready: string, outDir: string): Promise<Loaded> {
  const loaded: Loaded = { shell: new Map(), deferred: new Map(), other: new Map() };
  const received = new Map<string, number>();
  const pending: Promise<void>[] = [];
  const origin = new URL(url).origin;
  const onResponse = (response: Response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('javascript') || response.status() !== 200) return;
    const { pathname } = new URL(response.url());
    const bucket = new URL(response.url()).origin === origin && pathname.startsWith('/assets/') ? received : loaded.other;
    // The shell's own files as the host sends them to a gzip client; the platform's gzipped here (level 6).
    if (bucket === received) bucket.set(pathname, gzipSent(outDir, pathname.slice(1)));
    else pending.push(response.body().then((body) => void bucket.set(pathname, gzipSync(body).length), () => undefined));
  };
  context.on('response', onResponse);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  // When the route first shows, on the page's own clock (the one resource timing uses).
  await page.addInitScript({
    content: `new MutationObserver(() => {
      if (!('__readyAt' in window) && document.querySelector(${JSON.stringify(ready)})) window.__readyAt = performance.now();
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });`,
  });
  try {
    await page.goto(url);
    await page.waitForSelector(ready, { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    const { readyAt, starts } = await page.evaluate<{ readyAt: number | null; starts: [string, number][] }>(
      `({ readyAt: window.__readyAt ?? null, starts: performance.getEntriesByType('resource').map((e) => [new URL(e.name).pathname, e.startTime]) })`,
    );
    const startOf = new Map(starts);
    for (const [path, bytes] of received) ((startOf.get(path) ?? 0) < (readyAt ?? Infinity) ? loaded.shell : loaded.deferred).set(path, bytes);
    return loaded;
  } finally {
    context.off('response', onResponse);
    await cdp.detach();
    await page.close();
  }
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  name?: string;
  imports?: string[];
}

/** dist.test.ts's count: the entry, the app it imports at once and the route's chunks with their static imports, gzip bytes. */
function manifestCount(outDir: string, routeSources: string[]): { bytes: number; files: Set<string> } {
  const manifest = JSON.parse(readFileSync(`${outDir}/.vite/manifest.json`, 'utf8')) as Record<string, ManifestChunk>;
  const keys = [Object.keys(manifest).find((k) => manifest[k]!.isEntry)!];
  for (const source of ['src/main.tsx', ...routeSources]) {
    // A source module's own chunk, or a named group of modules (build/signedInChunking).
    const key = Object.keys(manifest).find((k) => k.endsWith(source) || (manifest[k]!.name === source && k.endsWith('.js')));
    if (!key) throw new Error(`no chunk for ${source} in ${outDir}/.vite/manifest.json`);
    keys.push(key);
  }
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    (chunk.imports ?? []).forEach(visit);
  };
  keys.forEach(visit);
  return { bytes: [...files].reduce((sum, f) => sum + gzipSent(outDir, f), 0), files };
}

const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

/** `assets/AuthPage-OtlUluZG.js` → `AuthPage`. */
const chunkName = (path: string) => path.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '');

/** `withDeferred`: the figure counts what the page loads after it showed too (the /auth budget: a first visit until settled). */
function row(figure: string, runs: Loaded[], manifest: { bytes: number; files: Set<string> }, aimKb: number | null, withDeferred = false): BenchRow {
  const measured = sample(runs.map((r) => kb(total(r.shell) + (withDeferred ? total(r.deferred) : 0))));
  const last = runs.at(-1)!;
  const worker = [...last.shell].filter(([path]) => path.includes('worker')).reduce((a, [, b]) => a + b, 0);
  const other = total(last.other);
  const diff = sample(runs.map((r) => kb(total(r.shell)))).median - kb(manifest.bytes);
  const beyond = [...last.shell.keys()].filter((path) => !manifest.files.has(path.slice(1))).map(chunkName);
  const unloaded = [...manifest.files].filter((file) => !last.shell.has(`/${file}`)).map(chunkName);
  const deferred = total(last.deferred);
  const notes = [
    `${last.shell.size} files before the route showed${worker ? ` (${kb(worker).toFixed(1)} KB of it the worker's)` : ''}`,
    ...(deferred ? [`${kb(deferred).toFixed(1)} KB more after it (${[...last.deferred.keys()].map(chunkName).join(', ')})`] : []),
    `manifest count ${kb(manifest.bytes).toFixed(1)} KB in ${manifest.files.size} files` +
      (Math.abs(diff) >= 0.05 ? ` (${diff > 0 ? '+' : ''}${diff.toFixed(1)} KB)` : ', the same') +
      (beyond.length ? `; loaded beyond it: ${beyond.join(', ')}` : '') +
      (unloaded.length ? `; in it but not loaded: ${unloaded.join(', ')}` : ''),
  ];
  if (other) notes.push(`plus ${kb(other).toFixed(1)} KB of platform-served script (${[...last.other.keys()].join(', ')})`);
  return { figure, sample: measured, unit: 'KB', note: notes.join('; '), aim: aimKb === null ? '' : `≤ ${aimKb} KB gzip`, ok: aimKb === null ? null : measured.median <= aimKb };
}

export async function benchBundle(options: BenchOptions): Promise<BenchRow[]> {
  const server = await startBenchServer(options.outDir, options.harnessDir);
  const browser = await chromium.launch({ executablePath: chromiumPath() });
  try {
    const auth: Loaded[] = [];
    const signedIn: Loaded[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      // A new context each run: nothing cached, nobody signed in.
      const anonymous = await browser.newContext({ serviceWorkers: 'block' });
      auth.push(await jsLoadedBy(anonymous, `${server.baseURL}/auth`, 'input[type="email"], input[autocomplete="username"]', options.outDir));
      await anonymous.close();
    }
    const member = await browser.newContext({ serviceWorkers: 'block' });
    const page = await member.newPage();
    await signIn(page, server.baseURL);
    await page.close();
    for (let run = 0; run < options.runs; run += 1) {
      signedIn.push(await jsLoadedBy(member, `${server.baseURL}/mfe-host`, '[data-testid="user-name"]:not(:empty)', options.outDir));
    }
    await member.close();
    return [
      row('JS of a first visit to /auth until settled, deferred included (gzip)', auth, manifestCount(options.outDir, ['features/auth/AuthPage.chunk.tsx']), 150, true),
      row('initial JS, signed-in first route /mfe-host (gzip)', signedIn, manifestCount(options.outDir, ['signed-in']), 200),
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}
