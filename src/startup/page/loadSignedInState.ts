import { startTransition } from 'react';
import { nextTask } from '../../lib/nextTask';
import * as z from 'zod/mini';
import { isGatewayStatus } from '../../pipeline/core/gateway';
import { appStore, type PrimitiveAtom } from '../../state/jotai';
import { apiFetch, pipelineWorker } from '../../pipeline/page/apiFetch';
import { getValidated } from '../../pipeline/page/getValidated';
import { loadedScopeAtom } from '../../session/page/sessionAtoms';
import type { AccessClaims } from '../../session/core/claims';
import { applySignedInBranding } from '../../lib/branding/brandingStartup';
import { brandingAnswerSchema } from '../../lib/branding/brandingMapping';
import { loadGlobalStateInWorker, restoreStoredOrgTree, showKeptOrgTree, type GlobalStateLoad } from '../../lib/orgTree/orgTreeService';
import { readKeptOrganisation } from '../../lib/orgTree/keptOrganisation';
import { keptOrganisationAtom } from '../../lib/orgTree/orgTreeAtoms';
import { loadSignedInTheme } from '../../lib/theme/themeStartup';
import { rememberLanguages } from '../../lib/i18n/languages';
import { signedInContentAttributes } from '../../lib/i18n/seedSource';
import {
  accessLevelAtom,
  contentAtom,
  currentTenantAtom,
  currentUserAtom,
  defaultNavigationConfig,
  grantedPermissions,
  navigationConfigAtom,
  orgGroupUsersAtom,
  permissionsAtom,
  productVersionAtom,
  settingsAtom,
  stateSourceAtom,
  tenantsAtom,
  toolPreferencesAtom,
  memberScopeKey,
} from '../../lib/state/signedInState';
import {
  accessLevelSchema,
  contentObjectSchema,
  currentUserSchema,
  globalStateRestSchema,
  navigationConfigSchema,
  orgGroupUserSchema,
  tenantSchema,
  toolPreferencesSchema,
  type ContentAttribute,
  type ContentObject,
  type GlobalStateRest,
} from '../../lib/state/globalStateTypes';
import { parseVersion } from '../../lib/state/version';
import { sessionSnapshot } from '../../session/core/sessionSnapshot';
import { readLastKnownState, writeLastKnownState, type LastKnownState } from './lastKnownState';
import { firstScreenShown } from '../../lib/firstScreen';

/** The network of a signed-in start (the real one: `pageStartupNetwork`; a unit test's platform). */
export interface StartupNetwork {
  /** A platform read through the page's pipeline (the bearer added, the worker's cache). */
  fetch: (path: string) => Promise<Response>;
  /**
   * GET /api/global-state/v1/init. Its body can hold a 50,000-node organisation tree, so the
   * organisation-tree worker fetches it itself (the body never reaches the main thread), keeps the
   * organisations and hands back the rest.
   */
  loadInit(claims: AccessClaims): Promise<GlobalStateLoad>;
  /** The tenant's signed-in content attributes: the same read the seed translations make, once per tenant and page. */
  contentAttributes(tenantGuid: string): Promise<ContentAttribute[] | null>;
  /** The theme's read, which applies the theme itself. */
  loadTheme(): Promise<void>;
}

export const pageStartupNetwork: StartupNetwork = {
  fetch: (path) => apiFetch(path),
  loadInit: (claims) =>
    loadGlobalStateInWorker({
      scopeKey: memberScopeKey(claims),
      rootOrgId: claims.root,
      // The worker cannot see the service worker; a plain fetch from it goes through one only then.
      controlled: pipelineWorker() !== null,
    }),
  contentAttributes: (tenantGuid) => signedInContentAttributes(tenantGuid),
  loadTheme: () => loadSignedInTheme(),
};

/** A call that got no answer (network error, or a gateway saying the platform is away). */
class Unreachable extends Error {}

/**
 * `getValidated`, except that a call that got no answer at all (no network, given up on its time
 * limit, a gateway error) is Unreachable rather than the call's fall-back: under lie-fi the calls
 * around init can be given up while init itself answers.
 */
async function getAnswered<T>(net: StartupNetwork, path: string, schema: z.ZodMiniType<T>): Promise<T | null> {
  let response: Response;
  try {
    response = await net.fetch(path);
  } catch {
    throw new Unreachable();
  }
  if (isGatewayStatus(response.status)) throw new Unreachable();
  if (!response.ok) return null;
  try {
    const parsed = schema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Init without its organisations (StartupNetwork.loadInit), checked against the contract here. */
async function loadInit(net: StartupNetwork, claims: AccessClaims): Promise<GlobalStateRest | null> {
  let load;
  try {
    load = await net.loadInit(claims);
  } catch {
    return null;
  }
  if (load.status === 0 || isGatewayStatus(load.status)) throw new Unreachable();
  const parsed = globalStateRestSchema.safeParse(load.rest);
  return load.rest !== null && parsed.success ? parsed.data : null;
}

/** Plain-text version answer: the part before the first |, else 0.0.0 (SPEC §7/§8). */
async function loadVersion(net: StartupNetwork): Promise<string> {
  try {
    const response = await net.fetch('/api/content/v1/info/version');
    return response.ok ? parseVersion(await response.text()) : parseVersion(null);
  } catch {
    return parseVersion(null);
  }
}

/**
 * The content object: the anonymous state's, read with the bearer so it is this tenant's (contract:
 * the client keeps it and uses it when signed in), with the signed-in attribute list.
 */
async function loadContent(net: StartupNetwork, tenantGuid: string): Promise<ContentObject | null> {
  const [state, attributes] = await Promise.all([
    getValidated('/api/global-state/v1/no-auth-init', z.object({ content: contentObjectSchema }), net.fetch),
    net.contentAttributes(tenantGuid),
  ]);
  if (!state) return null;
  if (!attributes) return state.content;
  const keys = new Set(attributes.map((a) => a.Key));
  return { ...state.content, Attributes: [...state.content.Attributes.filter((a) => !keys.has(a.Key)), ...attributes] };
}

/** Sets an atom only when its value really changed: a reload of equal state re-renders nothing. */
function setIfChanged<T>(target: PrimitiveAtom<T>, value: T, same: (a: T, b: T) => boolean = sameJson): void {
  if (!same(appStore.get(target), value)) appStore.set(target, value);
}
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size === b.size && [...a].every((x) => b.has(x));

/**
 * Published as a transition: the shell re-renders for the loaded state in slices between which
 * the page answers input, not in one long task (the store itself holds the values at once).
 */
function publish(state: LastKnownState, source: 'network' | 'stored', claims: AccessClaims, scopeKey: string): void {
  startTransition(() => {
    publishState(state);
    appStore.set(stateSourceAtom, source);
    appStore.set(loadedScopeAtom, { tenantGuid: claims.tenantGuid, orgGroupGuid: claims.orgGroupGuid, role: claims.role, scopeKey });
  });
}

function publishState(state: LastKnownState): void {
  setIfChanged(permissionsAtom, new Set(state.permissions), sameSet);
  if (state.languages.length) void rememberLanguages(state.languages);
  // Always set: a (re)loaded current user is what starts the start-up run (SPEC §4).
  appStore.set(currentUserAtom, state.user);
  setIfChanged(currentTenantAtom, state.tenant);
  setIfChanged(tenantsAtom, state.tenants);
  setIfChanged(settingsAtom, state.settings);
  setIfChanged(accessLevelAtom, state.accessLevel);
  setIfChanged(orgGroupUsersAtom, state.orgGroupUsers);
  setIfChanged(navigationConfigAtom, state.navigation);
  setIfChanged(productVersionAtom, state.version);
  setIfChanged(contentAtom, state.content);
  setIfChanged(toolPreferencesAtom, state.toolPreferences);
}

/**
 * SPEC §3 global state after sign-in: init plus the calls around it, each validated at the edge and
 * falling back as SPEC §8 says. Offline (init unanswered) the tab shows the last known state of this
 * member and tenant, and the organisation tree kept with it; the recovery loop loads it again later.
 */
export async function loadSignedInState(claims: AccessClaims | null, net: StartupNetwork = pageStartupNetwork): Promise<void> {
  if (!claims) return;
  const scopeKey = memberScopeKey(claims);
  // The language these answers come in: the copy is kept only if it is still current when written.
  const language = (await sessionSnapshot()).language;
  const around = Promise.all([
    getAnswered(net, '/api/access/v1/users/current/legacy', currentUserSchema),
    getAnswered(net, '/api/access/v1/access-levels/current', accessLevelSchema),
    getAnswered(net, '/api/v1/private/orggroupuser/get', z.array(orgGroupUserSchema)),
    getAnswered(net, '/api/atlas/v1/navigation/configuration', navigationConfigSchema),
    loadVersion(net),
    loadContent(net, claims.tenantGuid),
    getValidated('/api/access/v1/tool-settings/user-preferences', toolPreferencesSchema, net.fetch),
    net.loadTheme(),
  ]);
  // Awaited below, after init: a call around it given up meanwhile is no unhandled rejection.
  void around.catch(() => undefined);
  let init: GlobalStateRest | null;
  try {
    init = await loadInit(net, claims);
  } catch (error) {
    if (!(error instanceof Unreachable)) throw error;
    await around.catch(() => undefined);
    await showLastKnownState(claims, { withTree: true });
    return;
  }
  // Permissions come from the keys of init's object; when init failed, from the permission map.
  const permissions = init
    ? Object.keys(init.permissions)
    : [...grantedPermissions(await getValidated('/api/access/v1/permissions', z.record(z.string(), z.boolean()), net.fetch))];
  const tenants = permissions.includes('TENANTS_LIST') ? getValidated('/api/access/v1/users/current/tenants', z.array(tenantSchema), net.fetch) : Promise.resolve(null);
  let answers;
  try {
    answers = await around;
  } catch (error) {
    // Init answered and one of the calls around it did not (given up on its time limit): a
    // half-answered state is no state; the last known one stays and the recovery asks again.
    if (!(error instanceof Unreachable)) throw error;
    await showLastKnownState(claims, { withTree: true });
    return;
  }
  const [user, accessLevel, orgGroupUsers, navigation, version, content, toolPreferences] = answers;
  const navigationConfig = navigation ?? defaultNavigationConfig;
  const state: LastKnownState = {
    scopeKey,
    permissions,
    languages: init?.languages ?? [],
    // Contract fall-back: a failed users/current/legacy is a null user (so no start-up modals), not init's.
    user,
    tenant: init?.tenant ?? (await getValidated('/api/access/v1/tenants/current', tenantSchema, net.fetch)),
    tenants: await tenants,
    settings: init?.settings ?? null,
    accessLevel,
    orgGroupUsers: orgGroupUsers ?? [],
    navigation: navigationConfig,
    version,
    content,
    toolPreferences,
  };
  publish(state, 'network', claims, scopeKey);
  // Kept before the shell renders, so a reload straight after (offline, or a warm start) has it. A
  // degraded state (init failed) does not replace a good copy.
  if (init) await writeLastKnownState(state, language);
  // The brand finishes behind the rendered shell, applied once: with the workspace navigation its
  // own branding first, so the shell never shows init's brand between the kept one and the new one.
  void (async () => {
    const workspace = navigationConfig.showLegacyNavigation ? null : await loadWorkspaceBranding(net);
    await applySignedInBranding({
      branding: workspace ?? init?.branding ?? null,
      resources: init?.resources ?? null,
      isWorkspaceNavigation: workspace !== null,
      scopeKey,
    });
  })().catch(() => undefined);
}

/**
 * Contract (Assumed): the workspace navigation has its own branding, asked for by a flag. A failed
 * call or an answer off the contract (SPEC §8) is null: init's brand then stays rather than the defaults.
 */
function loadWorkspaceBranding(net: StartupNetwork): Promise<unknown> {
  return getValidated('/api/branding/v1/branding?isWorkspaceNavigation=true', brandingAnswerSchema, net.fetch);
}

/**
 * Shows the last known state of this member and tenant, unless this tab already shows state: offline
 * (with the kept organisation tree, as nothing else will come), and at a warm start while the
 * platform's answers are on their way (the tree then comes with them). False when none is kept.
 */
export async function showLastKnownState(claims: AccessClaims, { withTree }: { withTree: boolean }): Promise<boolean> {
  const scopeKey = memberScopeKey(claims);
  const [known, organisation] = await Promise.all([readLastKnownState(scopeKey), readKeptOrganisation(scopeKey).catch(() => null)]);
  const source = appStore.get(stateSourceAtom);
  if (!known || source === 'network') return false;
  if (source === null) {
    // The organisation as the kept bar named it, until the tree is read (lib/orgTree/keptOrganisation).
    appStore.set(keptOrganisationAtom, organisation);
    publish(known, 'stored', claims, scopeKey);
  }
  if (withTree) await restoreStoredOrgTree(scopeKey).catch(() => false);
  // A warm start: the kept tree too, once the first screen is up (the worker starts then, never
  // competing with that paint), so the organisation is named, not "Loading…", until init answers.
  // In a task of its own: the first screen's other waiting work (lazy parts, menus) runs in the one
  // that resolves it.
  else void firstScreenShown.then(nextTask).then(() => showKeptOrgTree(scopeKey));
  return true;
}
