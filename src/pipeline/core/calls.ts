/**
 * Which platform calls are cacheable and which skip the pipeline (contract x-cacheable and
 * x-token-not-required). Patterns match the un-prefixed path.
 */
const cacheablePatterns: readonly RegExp[] = [
  /^\/api\/globalization\/v1\/translations\/[^/]+$/,
  /^\/api\/globalization\/v2\/translations\/tenant\/[^/]+$/,
  /^\/api\/globalization\/v2\/translations\/tenant-custom\/[^/]+\/[^/]+$/,
  /^\/api\/globalization\/v1\/languages$/,
  /^\/api\/content\/v1\/attributes(\/auth)?$/,
  /^\/api\/content\/v1\/info\/version$/,
  /^\/api\/branding\/v1\/branding$/,
  /^\/api\/branding\/v1\/resources\/groups\/[^/]+$/,
  /^\/api\/atlas\/v1\/navigation\/configuration$/,
  /^\/api\/atlas\/v1\/theme$/,
];

const tokenNotRequiredPatterns: readonly RegExp[] = [
  /^\/api\/access\/v1\/oauth\/token$/,
  /^\/api\/access\/v1\/oauth\/authorize$/,
  /^\/api\/access\/v1\/saml-settings\/user-type$/,
  /^\/api\/branding\/v1\/resources\/groups\/[^/]+\/auth$/,
];

/**
 * The reads a signed-in start makes (startup/page/loadSignedInState, the start-up run, banners,
 * subscriptions, the tenant's translations; the request log of a reload lists them). Every tab of
 * one member asks them alike, so with a service worker they go through it, and one tab's answer
 * answers the others (pipeline/core/sharedReads). The fall-backs asked only when init fails are
 * not among them.
 */
const startupReadPatterns: readonly RegExp[] = [
  /^\/api\/global-state\/v1\/init$/,
  /^\/api\/global-state\/v1\/no-auth-init$/,
  /^\/api\/access\/v1\/users\/current\/legacy$/,
  /^\/api\/access\/v1\/users\/current\/tenants$/,
  /^\/api\/access\/v1\/access-levels\/current$/,
  /^\/api\/access\/v1\/tool-settings\/user-preferences$/,
  /^\/api\/access\/v1\/tenants\/current\/subscriptions$/,
  /^\/api\/v1\/private\/orggroupuser\/get$/,
  /^\/api\/alert\/v1\/alerts\/(banner|maintenance)\/immediate$/,
  /^\/api\/benchmarking\/v1\/notification\/HOME_PAGE$/,
  /^\/api\/globalization\/v1\/languages$/,
  /^\/api\/globalization\/v2\/translations\/tenant\/[^/]+$/,
  // A hosted screen's module terms (host.i18n.module): every tab showing it asks them at its start.
  /^\/api\/globalization\/v2\/translations\/tenant-custom\/[^/]+\/[^/]+$/,
  /^\/api\/content\/v1\/attributes\/auth$/,
  /^\/api\/content\/v1\/info\/version$/,
  /^\/api\/atlas\/v1\/navigation\/configuration$/,
  /^\/api\/atlas\/v1\/theme$/,
  /^\/api\/branding\/v1\/branding$/,
];

/** A read every signed-in start makes (see startupReadPatterns), matched on the un-prefixed path. */
export function isStartupRead(method: string, path: string): boolean {
  return method.toUpperCase() === 'GET' && startupReadPatterns.some((p) => p.test(path));
}

/**
 * The contract's reads that are POSTs (the member's date and time formats): not writes, so they
 * leave what the worker keeps for other tabs alone; like every non-GET they are never shared.
 */
export function isPostRead(method: string, path: string): boolean {
  return method.toUpperCase() === 'POST' && /^\/api\/globalization\/v1\/ui-settings\/user\/[^/]+\/preferences$/.test(path);
}

export function isCacheableCall(method: string, path: string): boolean {
  return method.toUpperCase() === 'GET' && cacheablePatterns.some((p) => p.test(path));
}

export function isTokenNotRequired(path: string): boolean {
  return tokenNotRequiredPatterns.some((p) => p.test(path));
}

/**
 * A call the page prepares itself even while a service worker controls it: a platform read that is
 * neither cacheable nor a start-up read. The worker would only add what the page adds alike (the same
 * pipeline) and keep nothing, at the cost of a round trip through it; a start-up read gains the
 * other tabs' answers there (N tabs reloaded together ask the platform what one asks). The page sends a prepared call in the
 * 'same-origin' request mode, and the worker lets such reads go straight to the network
 * (sw/staticRoutes, src/pipeline/worker/apiRoutes). Cacheable reads keep the worker's cache, and writes its outbox;
 * a call without a token needs no pipeline.
 */
export function isPreparedInPage(method: string, path: string): boolean {
  return (
    method.toUpperCase() === 'GET' && path.startsWith('/api/') && !isCacheableCall(method, path) && !isStartupRead(method, path) && !isTokenNotRequired(path)
  );
}

/** A read the page's pipeline has prepared (see isPreparedInPage): the worker adds nothing to it. */
export function isPreparedRead(method: string, mode: RequestMode): boolean {
  return method.toUpperCase() === 'GET' && mode === 'same-origin';
}
