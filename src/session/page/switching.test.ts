// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionKeys, writeKv } from '../core/sessionDb';
import type { SessionMessage } from '../core/sessionChannel';

const refreshSession = vi.fn<(request: unknown) => Promise<string>>();
vi.mock('../core/refresh', () => ({ refreshSession: (request: unknown) => refreshSession(request) }));
const broadcasts: SessionMessage[] = [];
vi.mock('../core/sessionChannel', () => ({
  broadcast: (m: SessionMessage) => broadcasts.push(m),
  onSessionMessage: () => () => undefined,
}));

const forgotten: string[] = [];
vi.mock('../../core/inventory/forgetStored', () => ({ forgetStored: (ending: string) => Promise.resolve(void forgotten.push(ending)) }));

const { switchScope } = await import('./switching');

const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const token = (tenantGuid: string, orgGroupGuid: string, role = 'Site Admin') =>
  `${b64({ alg: 'RS256' })}.${b64({ guid: 'u1', tenantGuid, orgGroupGuid, role, exp: 4_000_000_000 })}.sig`;

/** The refresh the switch triggers: stores the new token, as the real one does. */
function refreshTo(next: string | null, outcome: string) {
  refreshSession.mockImplementation(async () => {
    if (next) await writeKv(sessionKeys.accessToken, next);
    return outcome;
  });
}

describe('switching tenant, organisation group, organisation and role (SPEC §2/§4)', () => {
  const assign = vi.fn();
  const reload = vi.fn();
  beforeEach(async () => {
    broadcasts.length = 0;
    forgotten.length = 0;
    refreshSession.mockReset();
    assign.mockReset();
    reload.mockReset();
    vi.stubGlobal('location', { ...window.location, assign, reload });
    await writeKv(sessionKeys.accessToken, token('t1', 'g1'));
    broadcasts.length = 0; // the write above announces itself; only the switch's messages count
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a new tenant tells every tab and goes to /landing', async () => {
    refreshTo(token('t2', 'g9'), 'refreshed');
    expect(await switchScope({ tenant_id: 't2' })).toBe('tenant');
    expect(refreshSession).toHaveBeenCalledWith({ params: { tenant_id: 't2' } });
    expect(broadcasts).toContainEqual({ type: 'tenant-switched', tenantGuid: 't2' });
    expect(assign).toHaveBeenCalledWith('/landing');
    expect(reload).not.toHaveBeenCalled();
    expect(forgotten).toEqual(['switch']);
  });

  it('only a new organisation group reloads the page and tells the other tabs', async () => {
    refreshTo(token('t1', 'g2'), 'refreshed');
    expect(await switchScope({ orggroup_id: 'g2' })).toBe('orggroup');
    expect(broadcasts).toContainEqual({ type: 'orggroup-switched', orgGroupGuid: 'g2', role: 'Site Admin' });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(assign).not.toHaveBeenCalled();
    expect(forgotten).toEqual(['switch']);
  });

  it('a new role forgets the old role’s kept copies, tells the other tabs and reloads the page', async () => {
    refreshTo(token('t1', 'g1', 'Auditor'), 'refreshed');
    expect(await switchScope({ role_id: 'auditor', switchRole: 'true' })).toBe('role');
    expect(forgotten).toEqual(['switch']);
    expect(broadcasts).toContainEqual({ type: 'orggroup-switched', orgGroupGuid: 'g1', role: 'Auditor' });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(assign).not.toHaveBeenCalled();
  });

  it('a business screen’s key under the product prefix goes at a switch; the device’s settings and drafts stay', async () => {
    localStorage.setItem('trust-shell.riskRegisterList', 'group one’s risks');
    localStorage.setItem('trust-shell.lastLoginEmail', 'a@b.test');
    localStorage.setItem('trust-shell.draft.form.u1.t1', 'unsent');
    refreshTo(token('t1', 'g2'), 'refreshed');
    await switchScope({ orggroup_id: 'g2' });
    expect(localStorage.getItem('trust-shell.riskRegisterList')).toBeNull();
    expect(localStorage.getItem('trust-shell.lastLoginEmail')).toBe('a@b.test');
    expect(localStorage.getItem('trust-shell.draft.form.u1.t1')).toBe('unsent');
  });

  it('the same scope (a new current organisation) keeps everything: no reload, no broadcast of a switch, nothing forgotten', async () => {
    refreshTo(token('t1', 'g1'), 'refreshed');
    const params = { organization_id: 'o5' };
    expect(await switchScope(params)).toBe('same-scope');
    expect(refreshSession).toHaveBeenCalledWith({ params });
    expect(broadcasts.filter((m) => m.type === 'tenant-switched' || m.type === 'orggroup-switched')).toEqual([]);
    expect(forgotten).toEqual([]);
    expect(reload).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });

  it.each([
    ['refused', 'refused'],
    ['no-session', 'refused'],
    ['unreachable', 'unreachable'],
  ])('a refresh that is %s leaves the page as it is (%s)', async (outcome, expected) => {
    refreshTo(null, outcome);
    expect(await switchScope({ tenant_id: 't2' })).toBe(expected);
    expect(assign).not.toHaveBeenCalled();
    expect(forgotten).toEqual([]);
    expect(broadcasts.filter((m) => m.type !== 'store-changed')).toEqual([]);
  });
});
