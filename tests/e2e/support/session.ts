import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import type { FaultSpec, LoggedRequest, PlatformControl } from './platform.ts';

/**
 * Refresh-grant calls the emulator received. A grant the platform refused for its DPoP proof before
 * looking at it (dated by a page clock a test moved, or without the nonce it asks for) is not one:
 * the shell makes the same grant again at once with a fresh proof.
 */
export function refreshGrants(log: LoggedRequest[]): LoggedRequest[] {
  return log.filter((r) => r.method === 'POST' && (r.body as { grant_type?: string } | null)?.grant_type === 'refresh_token' && r.dpop !== 'invalid');
}

/**
 * The refresh grants that switch the scope (they carry a context). The auto refresh's plain grant,
 * which SPEC runs 3 s after every start, is not one: on a loaded machine it may land mid-test.
 */
export function switchGrants(log: LoggedRequest[]): LoggedRequest[] {
  return refreshGrants(log).filter((r) => (r.body as { context?: unknown }).context !== undefined);
}

/**
 * Expires every access token issued so far, for the platform only (its clock moves 1000 s on; the
 * browser's stays, so the shell learns it from a 401), with `faults` in place first; returns them.
 * The request log is cleared before anything else: a call the shell makes on its own once its token
 * has expired (a part of the screen loading late) starts a refresh, and a clear after that would
 * hide its grant (seen on CI: no grant in 10 s).
 */
export async function expireAccessTokens<F extends FaultSpec[]>(platform: PlatformControl, ...faults: F): Promise<{ [K in keyof F]: { id: string } }> {
  await platform.clearLog();
  const installed: { id: string }[] = [];
  for (const spec of faults) installed.push(await platform.fault(spec));
  await platform.clock(1000);
  return installed as { [K in keyof F]: { id: string } };
}

export async function countRefreshes(platform: PlatformControl): Promise<number> {
  return refreshGrants(await platform.log({ path: '/api/access/v1/oauth/token' })).length;
}

/** What the platform answers a persona (so a test never copies the emulator's data). */
export async function platformGet<T>(request: APIRequestContext, platform: PlatformControl, path: string, email = 'admin@acme.test'): Promise<T> {
  const { access_token } = await platform.token(email);
  const response = await request.get(`${platform.baseURL}${path}`, { headers: { Authorization: `Bearer ${access_token}` } });
  if (!response.ok()) throw new Error(`GET ${path} as ${email}: ${response.status()}`);
  return (await response.json()) as T;
}

/** Looks up a tenant's Id by name through the platform itself, as the admin persona sees it. */
export async function tenantIdByName(request: APIRequestContext, platform: PlatformControl, name: string): Promise<string> {
  const tenants = await platformGet<{ Id: string; Name: string }[]>(request, platform, '/api/access/v1/users/current/tenants');
  const tenant = tenants.find((t) => t.Name === name);
  if (!tenant) throw new Error(`No tenant named ${name} among ${tenants.map((t) => t.Name).join(', ')}`);
  return tenant.Id;
}

export function returnUrl(page: Page): Promise<string | null> {
  return page.evaluate(() => sessionStorage.getItem('trust-shell.returnUrl'));
}

/** One run of the auto refresh, as its tab logs it (`auto-refresh <tab id>: <outcome>`). */
export interface AutoRefreshRun {
  tab: string;
  /** 'reused', 'refreshed', 'unreachable', … */
  outcome: string;
}

/**
 * The auto refresh's runs in the tabs of `context`, from now on. A test that moves the clock past
 * a run waits for its outcome first: a run still reading storage when the clock jumps compares
 * against the moved clock.
 */
export function autoRefreshRuns(context: BrowserContext): AutoRefreshRun[] {
  const runs: AutoRefreshRun[] = [];
  context.on('console', (message) => {
    const match = /^auto-refresh (\S+): (\S+)$/.exec(message.text());
    if (match) runs.push({ tab: match[1]!, outcome: match[2]! });
  });
  return runs;
}

/** The outcomes of `runs`, in order. */
export const outcomes = (runs: readonly AutoRefreshRun[]): string[] => runs.map((run) => run.outcome);
