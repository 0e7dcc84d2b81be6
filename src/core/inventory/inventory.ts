import { cacheNames, databases } from '../protocol';
import { chromeSnapshotKey, keptOrganisationKey, proofClockKey, sessionKeys } from '../../session/core/sessionKeys';

/**
 * Everything the shell keeps in the browser, one entry per name (or family of names), with whose
 * it is and how long it lives. Sign-out, a session refused at refresh, a session ended by the
 * service worker and a switch of tenant, organisation group or role derive what to delete from
 * here (`goesAt`); `tests/unit/inventory.test.ts` fails
 * when a source writes a name this list lacks. See README.md beside this file.
 */

export type Area = 'indexedDB' | 'cacheStorage' | 'localStorage' | 'sessionStorage';

/**
 * Whose it is: the device's (anyone's), one member's, one member in one tenant, organisation group
 * and role (`member-scope`: a copy of what the platform answers that scope, keyed by
 * `claims` `memberScopeKey` and read back only under it), or one tab's.
 */
export type Scope = 'device' | 'member' | 'member-scope' | 'tab';

/**
 * How long it lives:
 * - `kept`: stays on the device through every sign-out (the language, the last e-mail, device settings);
 * - `session`: goes whenever the session ends, however (sign-out, refused refresh, ended in the worker);
 * - `member-return`: kept after a forced end for the same member's next sign-in; goes at an explicit
 *   sign-out (and another member's sign-in drops it unsent);
 * - `tab`: the tab's own; goes with the tab and at any sign-out in it.
 */
export type Lifetime = 'kept' | 'session' | 'member-return' | 'tab';

export interface InventoryEntry {
  area: Area;
  /** IndexedDB: `{database}/{store}` for a whole store, `{database}/{store}/{key}` for one kv entry. Else the key or cache name. */
  name: string;
  /** `prefix`: every name starting with `name`. */
  match: 'exact' | 'prefix';
  scope: Scope;
  lifetime: Lifetime;
  what: string;
}

const kv = `${databases.session.name}/${databases.session.stores.kv}/`;
const local = 'trust-shell.';

const e = (area: Area, name: string, scope: Scope, lifetime: Lifetime, what: string, match: 'exact' | 'prefix' = 'exact'): InventoryEntry => ({ area, name, match, scope, lifetime, what });

export const inventory: readonly InventoryEntry[] = [
  // IndexedDB: the session database's kv store.
  // The session itself: a switch replaces it (the grant's new tokens), so it is the member's.
  e('indexedDB', kv + sessionKeys.auth, 'member', 'session', 'the refresh token, tenant and organisation group'),
  e('indexedDB', kv + sessionKeys.accessToken, 'member', 'session', 'the access token'),
  e('indexedDB', kv + sessionKeys.idToken, 'member', 'session', 'the ID token of an OIDC sign-in'),
  e('indexedDB', kv + sessionKeys.refreshedAt, 'member', 'session', 'when the stored tokens were issued'),
  e('indexedDB', kv + sessionKeys.proofKey, 'member', 'session', "the session's DPoP key pair"),
  e('indexedDB', kv + 'refreshInFlight', 'member', 'session', 'digest of a refresh token whose grant is on its way'),
  e('indexedDB', kv + 'lastKnownState', 'member-scope', 'session', 'the last known signed-in state (warm start)'),
  e('indexedDB', kv + chromeSnapshotKey, 'member-scope', 'session', 'the kept top bar (pre-paint)'),
  e('indexedDB', kv + keptOrganisationKey, 'member-scope', 'session', 'the organisation the bar last named (warm start, before the tree)'),
  e('indexedDB', kv + 'translations:v2:', 'member', 'session', "the member's catalogues", 'prefix'),
  e('indexedDB', kv + 'translations:module:', 'member', 'session', "the tenant's module catalogues (keyed by tenant: the same for every group and role)", 'prefix'),
  e('indexedDB', kv + 'translations:v1:', 'device', 'kept', 'anonymous catalogues (sign-in page)', 'prefix'),
  e('indexedDB', kv + 'languages', 'device', 'kept', 'the language list'),
  e('indexedDB', kv + sessionKeys.language, 'device', 'kept', 'the language'),
  e('indexedDB', kv + sessionKeys.authClient, 'device', 'kept', "the login client's settings (a copy every reader re-checks)"),
  e('indexedDB', kv + sessionKeys.proofNonce, 'device', 'kept', "the platform's DPoP nonce"),
  e('indexedDB', kv + proofClockKey, 'device', 'kept', "the platform clock's offset"),
  // IndexedDB: the other databases, whole stores.
  e('indexedDB', `${databases.outbox.name}/${databases.outbox.stores.writes}`, 'member-scope', 'member-return', 'writes waiting to be sent, each with its scope (sent only in it)'),
  e('indexedDB', `${databases.orgTree.name}/${databases.orgTree.stores.trees}`, 'member-scope', 'session', 'the organisation tree'),
  e('indexedDB', `${databases.orgTree.name}/${databases.orgTree.stores.current}`, 'member-scope', 'session', 'the chosen organisation'),
  e('indexedDB', `${databases.brand.name}/${databases.brand.stores.brands}`, 'member-scope', 'session', 'the brand last painted, per member, tenant, organisation group and role'),
  // Cache Storage.
  e('cacheStorage', cacheNames.apiPrefix, 'member-scope', 'session', 'API answers, a bucket per member, tenant, organisation group, role and language', 'prefix'),
  e('cacheStorage', cacheNames.config, 'device', 'kept', "the service worker's copy of /config.json"),
  e('cacheStorage', 'workbox-', 'device', 'kept', "the shell's built files (Workbox precache)", 'prefix'),
  // localStorage, under the product prefix.
  e('localStorage', `${local}auth`, 'member', 'session', 'the auth object (SPEC §3)'),
  e('localStorage', `${local}tenant`, 'member', 'session', "the member's tenant"),
  e('localStorage', `${local}session`, 'member', 'session', 'the start-up entry keyed to the auth root'),
  e('localStorage', `${local}omni`, 'member', 'session', 'the omni object'),
  e('localStorage', `${local}history`, 'member', 'session', 'browsing history per member and tenant (SPEC §3: its key is user and tenant)'),
  e('localStorage', `${local}keptBanners`, 'member-scope', 'session', "the last start-up run's alert banners (shown at the next start)"),
  e('localStorage', `${local}draft.`, 'member', 'member-return', "a form's unsent input, per form, member and tenant", 'prefix'),
  e('localStorage', `${local}content`, 'device', 'kept', "the sign-in page's anonymous content"),
  e('localStorage', `${local}lastLoginEmail`, 'device', 'kept', 'the last e-mail (SPEC §3: the sign-in page offers it)'),
  e('localStorage', `${local}selectedLanguage`, 'device', 'kept', 'the language'),
  e('localStorage', `${local}updatedLanguageCode`, 'device', 'kept', 'the language last chosen'),
  e('localStorage', `${local}timedOut`, 'device', 'kept', 'the timed-out flag, until the next sign-in'),
  e('localStorage', `${local}lastActivity`, 'device', 'kept', 'when any tab was last used (a time only)'),
  e('localStorage', `${local}autoRefreshId`, 'device', 'kept', 'the tab running the auto refresh'),
  e('localStorage', `${local}dismissedAlerts`, 'device', 'kept', 'dismissed banner ids'),
  e('localStorage', `${local}theme`, 'device', 'kept', 'the theme'),
  e('localStorage', `${local}signInData`, 'device', 'kept', 'stored sign-in data (SPEC §3)'),
  e('localStorage', `${local}swRetired`, 'device', 'kept', 'the build whose service worker was retired'),
  // Kept through the popup's own signed-out start, which would clear a session entry; no secret (the verifier stays in the opening tab).
  e('localStorage', `${local}reSignInState`, 'device', 'kept', "a re-sign-in popup's request state, until it returns"),
  e('localStorage', `${local}chromeWarmUp`, 'device', 'kept', "fonts and images the kept top bar's stylesheets use"),
  // The business screens' keys (SPEC §3), written by remotes under the prefix. The member's own
  // preferences (flags, column layouts) survive a switch; what shows one scope's data does not.
  e('localStorage', `${local}activeSelfServiceAssessmentFilters`, 'member-scope', 'session', 'self-service assessment filters'),
  e('localStorage', `${local}calendarModal`, 'member', 'session', 'calendar modal flag'),
  e('localStorage', `${local}aiBanner`, 'member', 'session', 'AI banner flag'),
  e('localStorage', `${local}columns.`, 'member', 'session', 'column layouts (control implementation, control library, evidence implementation, evidence library, evidence tabs)', 'prefix'),
  e('localStorage', `${local}riskRegisterList`, 'member-scope', 'session', 'the risk register list'),
  e('localStorage', `${local}pageNumber.`, 'member-scope', 'session', 'page numbers (initiative list, calendar, policy views)', 'prefix'),
  // Any other key under the prefix: a remote's, whose it is unknown, so the member's.
  e('localStorage', local, 'member-scope', 'session', "any other key under the product prefix (a remote's)", 'prefix'),
  // sessionStorage: the tab's own.
  e('sessionStorage', `${local}returnUrl`, 'tab', 'kept', 'where this tab returns after signing in again'),
  e('sessionStorage', `${local}chunkReload`, 'tab', 'tab', 'the page this tab reloaded after a deploy'),
  e('sessionStorage', `${local}routeErrorReload`, 'tab', 'tab', 'when this tab last reloaded after a failed page load'),
  e('sessionStorage', `${local}tabId`, 'tab', 'tab', "this tab's id"),
  e('sessionStorage', `${local}sso.`, 'tab', 'tab', 'a pending single sign-on request', 'prefix'),
];

/**
 * What ended: the session, at an explicit sign-out or otherwise (refused, timed out, ended in the
 * worker); or only its scope, at a switch of tenant, organisation group or role (the session lives on).
 */
export type Ending = 'explicit' | 'forced' | 'switch';

export function goesAt(entry: InventoryEntry, ending: Ending): boolean {
  // A switch: the old scope's copies go. What waits for the member's return (drafts, waiting
  // writes) stays: each is sent or shown only in its own scope.
  if (ending === 'switch') return entry.scope === 'member-scope' && entry.lifetime === 'session';
  return entry.lifetime === 'session' || entry.lifetime === 'tab' || (entry.lifetime === 'member-return' && ending === 'explicit');
}

/** The entry a name belongs to: an exact entry, else the longest prefix; null for a name outside the inventory. */
export function entryFor(area: Area, name: string): InventoryEntry | null {
  let best: InventoryEntry | null = null;
  for (const entry of inventory) {
    if (entry.area !== area) continue;
    if (entry.match === 'exact' && entry.name === name) return entry;
    if (entry.match === 'prefix' && name.startsWith(entry.name) && (!best || entry.name.length > best.name.length)) best = entry;
  }
  return best;
}

/** The entries of one area that go at `ending`. */
export function goingAt(area: Area, ending: Ending): InventoryEntry[] {
  return inventory.filter((entry) => entry.area === area && goesAt(entry, ending));
}
