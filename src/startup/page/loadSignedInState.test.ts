import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteKv, sessionKeys, writeKv } from '../../session/core/sessionDb';
import { unsignedJwt } from '../../session/core/unsignedJwt.testSupport';
import { memberScopeKey, type AccessClaims } from '../../session/core/claims';
import { appStore } from '../../state/jotai';
import { loadedScopeAtom } from '../../session/page/sessionAtoms';
import { currentTenantAtom, currentUserAtom, permissionsAtom, stateSourceAtom } from '../../lib/state/signedInState';
import { readLastKnownState, writeLastKnownState, type LastKnownState } from './lastKnownState';
import type { GlobalStateLoad } from '../../lib/orgTree/orgTreeService';
import type { StartupNetwork } from './loadSignedInState';

// The organisation tree (a worker) and the brand are the page's: here only whether they were asked.
const restoreStoredOrgTree = vi.fn((_scopeKey: string) => Promise.resolve(true));
vi.mock('../../lib/orgTree/orgTreeService', () => ({
  loadGlobalStateInWorker: vi.fn(),
  restoreStoredOrgTree: (scopeKey: string) => restoreStoredOrgTree(scopeKey),
  showKeptOrgTree: vi.fn(() => Promise.resolve()),
}));
vi.mock('../../lib/branding/brandingStartup', () => ({ applySignedInBranding: vi.fn(() => Promise.resolve()) }));
vi.mock('../../lib/i18n/languages', () => ({ rememberLanguages: vi.fn(() => Promise.resolve()) }));

const { loadSignedInState, showLastKnownState } = await import('./loadSignedInState');

/**
 * The start-up load (SPEC §3/§8): init and the calls around it, over a fake platform. Each path
 * answers 200 with its body, another status, or nothing at all ('unanswered': no network).
 */
/** A body (answered 200), `{ status }` (answered with that status and no body) or 'unanswered'. */
type Answer = unknown;

const claims = { guid: 'u1', tenantGuid: 't1', orgGroupGuid: 'g1', role: 'Admin', root: 'o1', exp: 4_000_000_000 } as AccessClaims;
/** The member, tenant, organisation group and role the kept copy belongs to. */
const scopeKey = memberScopeKey(claims);
const tenant = { Id: 't1', Name: 'Acme', parentName: null, buyingType: 'Direct', OrgGroups: [{ Id: 'g1', Name: 'Main' }] };
const user = { id: 'u1', FirstName: 'Ada', LastName: 'Admin', FullName: 'Ada Admin', Email: 'ada@acme.test', OrgGroupName: 'Main', CurrentTenant: 't1' };
const english = { Id: 1, Code: 'en-us', Name: 'English', IsRtl: false };
const init = {
  languages: [english],
  permissions: { AutoRefreshToken: true, SessionTimeoutWarning: true },
  tenant,
  tenants: null,
  user: { ...user, FullName: 'Init’s copy' },
  settings: { DateFormat: { key: 'd', value: 'dd/MM/yyyy' }, TimeFormat: { key: 't', value: 'HH:mm' } },
  branding: null,
  resources: null,
};

let answers: Map<string, Answer>;
let initAnswer: GlobalStateLoad | 'unanswered';
const asked: string[] = [];

const network: StartupNetwork = {
  fetch: (path) => {
    asked.push(path);
    const answer = answers.get(path) ?? { status: 404 };
    if (answer === 'unanswered') return Promise.reject(new TypeError('Failed to fetch'));
    if (typeof answer === 'object' && answer !== null && 'status' in answer) return Promise.resolve(new Response(null, { status: (answer as { status: number }).status }));
    return Promise.resolve(typeof answer === 'string' ? new Response(answer) : Response.json(answer));
  },
  loadInit: () => (initAnswer === 'unanswered' ? Promise.resolve({ status: 0, rest: null }) : Promise.resolve(initAnswer)),
  contentAttributes: () => Promise.resolve([]),
  loadTheme: () => Promise.resolve(),
};

const kept: LastKnownState = {
  scopeKey,
  permissions: ['Kept'],
  languages: [english],
  user: { ...user, FullName: 'Kept Ada' },
  tenant,
  tenants: null,
  settings: null,
  accessLevel: null,
  orgGroupUsers: [],
  navigation: { showLegacyNavigation: true, newNavigationTenantPreference: false, newNavigationPreviewEnabled: false },
  version: '1.0.0',
  content: null,
  toolPreferences: null,
};

beforeEach(async () => {
  await writeKv(sessionKeys.accessToken, unsignedJwt({ guid: 'u1', tenantGuid: 't1', orgGroupGuid: 'g1', role: 'Admin', exp: 4_000_000_000 }));
  await writeKv(sessionKeys.language, 'en-us');
  await deleteKv('lastKnownState');
  answers = new Map<string, Answer>([
    ['/api/access/v1/users/current/legacy', user],
    ['/api/access/v1/access-levels/current', { Id: 'a1', Name: 'Admin' }],
    ['/api/v1/private/orggroupuser/get', []],
    ['/api/atlas/v1/navigation/configuration', kept.navigation],
    ['/api/content/v1/info/version', '2.3.4|build 7'],
  ]);
  initAnswer = { status: 200, rest: init };
  asked.length = 0;
  restoreStoredOrgTree.mockClear();
  appStore.set(stateSourceAtom, null);
  appStore.set(currentUserAtom, null);
  appStore.set(loadedScopeAtom, null);
  appStore.set(permissionsAtom, new Set());
});

describe('the start-up load', () => {
  it('all answered: the platform’s state shows, with init’s permissions, and a copy is kept for the next start', async () => {
    await loadSignedInState(claims, network);
    expect(appStore.get(stateSourceAtom)).toBe('network');
    expect([...appStore.get(permissionsAtom)]).toEqual(['AutoRefreshToken', 'SessionTimeoutWarning']);
    // The user comes from its own call (contract), not init's copy.
    expect(appStore.get(currentUserAtom)?.FullName).toBe('Ada Admin');
    expect(appStore.get(currentTenantAtom)?.Name).toBe('Acme');
    expect(appStore.get(loadedScopeAtom)).toEqual({ tenantGuid: 't1', orgGroupGuid: 'g1', role: 'Admin', scopeKey });
    expect(await readLastKnownState(scopeKey)).toMatchObject({ version: '2.3.4', permissions: ['AutoRefreshToken', 'SessionTimeoutWarning'] });
  });

  it('init unanswered (offline): the last known state of this member and tenant shows, with its kept organisation tree', async () => {
    await writeLastKnownState(kept, 'en-us');
    initAnswer = 'unanswered';
    await loadSignedInState(claims, network);
    expect(appStore.get(stateSourceAtom)).toBe('stored');
    expect(appStore.get(currentUserAtom)?.FullName).toBe('Kept Ada');
    expect([...appStore.get(permissionsAtom)]).toEqual(['Kept']);
    expect(restoreStoredOrgTree).toHaveBeenCalledWith(scopeKey);
    expect(await readLastKnownState(scopeKey)).toEqual(kept);
  });

  it('init answered but a call around it unanswered (lie-fi): a half-answered state is no state; the kept one shows and stays', async () => {
    await writeLastKnownState(kept, 'en-us');
    answers.set('/api/atlas/v1/navigation/configuration', 'unanswered');
    await loadSignedInState(claims, network);
    expect(appStore.get(stateSourceAtom)).toBe('stored');
    expect(appStore.get(currentUserAtom)?.FullName).toBe('Kept Ada');
    expect(await readLastKnownState(scopeKey)).toEqual(kept);
  });

  it('init refused (not a gateway): permissions from the permission map; the degraded state keeps the good copy', async () => {
    await writeLastKnownState(kept, 'en-us');
    initAnswer = { status: 500, rest: null };
    answers.set('/api/access/v1/permissions', { Reports: true, Hidden: false });
    answers.set('/api/access/v1/tenants/current', tenant);
    await loadSignedInState(claims, network);
    expect(appStore.get(stateSourceAtom)).toBe('network');
    expect([...appStore.get(permissionsAtom)]).toEqual(['Reports']);
    expect(asked).toContain('/api/access/v1/permissions');
    expect(await readLastKnownState(scopeKey)).toEqual(kept);
  });

  it('a failed user call is a null user (no start-up modals), not init’s copy', async () => {
    answers.set('/api/access/v1/users/current/legacy', { status: 404 });
    await loadSignedInState(claims, network);
    expect(appStore.get(currentUserAtom)).toBeNull();
  });

  it('the kept state never replaces what the platform already answered in this tab', async () => {
    await writeLastKnownState(kept, 'en-us');
    await loadSignedInState(claims, network);
    expect(await showLastKnownState(claims, { withTree: true })).toBe(false);
    expect(appStore.get(currentUserAtom)?.FullName).toBe('Ada Admin');
  });

  it('offline with nothing kept: nothing is shown and nothing kept', async () => {
    initAnswer = 'unanswered';
    await loadSignedInState(claims, network);
    expect(appStore.get(stateSourceAtom)).toBeNull();
    expect(await readLastKnownState(scopeKey)).toBeNull();
  });
});
