import { chromium, request as playwrightRequest, type BrowserContext, type Page } from '@playwright/test';
import { chromiumPath } from '../tests/e2e/support/browser.ts';
import { PlatformControl, type LoggedRequest } from '../tests/e2e/support/platform.ts';
import type { BenchRow } from './report.ts';
import type { BenchOptions } from './setup.ts';
import { startBenchServer } from './server.ts';
import { sample } from './stats.ts';
import { signIn } from './signIn.ts';

declare const soakRead: () => Promise<number>;
declare const soakWrite: (key: string) => Promise<number>;
declare const soakSignedIn: () => Promise<boolean>;

/**
 * Soak: five tabs of one session whose access tokens live 4 s, while the platform drops 5 % of
 * refresh answers after applying them and answers 3 % with 503. Time is the page clock's (moved
 * with the platform's, 5 s a step, so every step's calls meet an expired token): each step every
 * tab reads through its own pipeline and one tab writes (kept and sent again with its
 * Idempotency-Key until answered, as the outbox does). It runs until the platform has answered
 * `SOAK_REFRESHES` (default 500) refresh grants, and counts from the emulator's log: refreshes,
 * sign-outs, reuse outside the grace, grace replays, writes lost and doubled. The service worker
 * is blocked: it keeps real time, which the page clock does not reach.
 */
const tabCount = 5;
const accessTtlSeconds = 4;
const stepSeconds = 5;
const tokenPath = '/api/access/v1/oauth/token';
const writePath = '/api/globalization/v1/ui-settings/user/';

const isRefresh = (r: LoggedRequest) => r.method === 'POST' && r.path === tokenPath && (r.body as { grant_type?: string } | null)?.grant_type === 'refresh_token';

async function harnessTabs(context: BrowserContext, baseURL: string): Promise<Page[]> {
  const shell = await context.newPage();
  await signIn(shell, baseURL);
  const tabs: Page[] = [];
  for (let i = 0; i < tabCount; i += 1) {
    const tab = await context.newPage();
    await tab.goto(`${baseURL}/bench/soak.html`);
    await tab.waitForFunction(() => 'soakRead' in globalThis);
    tabs.push(tab);
  }
  // The shell's own tab would refresh on its own timers too: the soak is the harness tabs' alone.
  await shell.close();
  return tabs;
}

export async function benchSoak(options: BenchOptions): Promise<BenchRow[]> {
  const target = Number(process.env.SOAK_REFRESHES ?? 500);
  const server = await startBenchServer(options.outDir, options.harnessDir);
  const browser = await chromium.launch({ executablePath: chromiumPath() });
  const controlRequest = await playwrightRequest.newContext();
  const platform = new PlatformControl(controlRequest, server);
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    await platform.reset();
    // Before the sign-in, so its own token is short-lived too.
    await platform.lifetimes({ accessTtlSeconds });
    await context.clock.install();
    const tabs = await harnessTabs(context, server.baseURL);
    await platform.clearLog();
    await platform.fault({ method: 'POST', path: tokenPath, dropAfterApply: true, probability: 0.05 });
    await platform.fault({ method: 'POST', path: tokenPath, status: 503, probability: 0.03 });

    const log: LoggedRequest[] = [];
    const writes: string[] = [];
    /** What the tabs' reads and writes ended with (a status, or 0 for none). */
    const statuses = new Map<number, number>();
    const harvest = async () => {
      // The log keeps its last 5,000 calls: taken and emptied between steps, when nothing is on its way.
      log.push(...(await platform.log()));
      await platform.clearLog();
    };
    let refreshes = 0;
    let signedOut = false;
    let movedSeconds = 0;
    let steps = 0;
    const started = Date.now();
    while (refreshes < target && !signedOut) {
      movedSeconds += stepSeconds;
      await platform.clock(movedSeconds);
      await context.clock.fastForward(stepSeconds * 1000);
      const key = crypto.randomUUID();
      writes.push(key);
      const writer = tabs[steps % tabCount]!;
      const answers = await Promise.all([...tabs.map((tab) => tab.evaluate(() => soakRead())), writer.evaluate((k) => soakWrite(k), key)]);
      for (const status of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
      steps += 1;
      if (steps % 10 === 0) {
        await harvest();
        refreshes = log.filter((r) => isRefresh(r) && r.status === 200).length;
        signedOut = !(await tabs[0]!.evaluate(() => soakSignedIn()));
      }
    }
    await harvest();
    const grants = log.filter(isRefresh);
    const answered = grants.filter((r) => r.status === 200);
    const applied = new Map<string, number>();
    for (const r of log) {
      if (r.method !== 'PUT' || !r.path.startsWith(writePath) || r.status === 0 || r.status >= 300 || r.replayed) continue;
      const key = r.headers['idempotency-key'] ?? '';
      applied.set(key, (applied.get(key) ?? 0) + 1);
    }
    const lost = writes.filter((k) => !applied.has(k)).length;
    const doubled = [...applied.values()].filter((n) => n > 1).length;
    const signOuts = signedOut ? 1 : 0;
    const reuse = grants.filter((r) => r.reuse).length;
    const graceReplays = grants.filter((r) => r.graceReplay).length;
    const dropped = grants.filter((r) => r.dropped).length;
    const unavailable = grants.filter((r) => r.status === 503).length;
    const note = `page clock, ${steps} steps of ${stepSeconds} s, ${tabCount} tabs, access ${accessTtlSeconds} s; ${grants.length} grants sent (${dropped} dropped after applying, ${unavailable} answered 503); ${writes.length} writes; calls ended ${[...statuses].map(([status, n]) => `${status}×${n}`).join(', ')}; ${((Date.now() - started) / 1000).toFixed(0)} s real`;
    const count = (figure: string, value: number, aim: string, ok: boolean | null, rowNote?: string): BenchRow => ({ figure, sample: sample([value]), unit: 'count', aim, ok, ...(rowNote ? { note: rowNote } : {}) });
    return [
      count('soak: refreshes answered', answered.length, `≥ ${target}`, answered.length >= target, note),
      count('soak: sign-outs', signOuts, '0', signOuts === 0),
      count('soak: refresh token reuse outside the grace', reuse, '0', reuse === 0),
      count('soak: grace replays', graceReplays, '', null),
      count('soak: writes lost', lost, '0', lost === 0),
      count('soak: writes applied twice', doubled, '0', doubled === 0),
    ];
  } finally {
    await context.close();
    await controlRequest.dispose();
    await browser.close();
    await server.close();
  }
}
