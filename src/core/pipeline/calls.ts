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

export function isCacheableCall(method: string, path: string): boolean {
  return method.toUpperCase() === 'GET' && cacheablePatterns.some((p) => p.test(path));
}

export function isTokenNotRequired(path: string): boolean {
  return tokenNotRequiredPatterns.some((p) => p.test(path));
}

/**
 * A call the page prepares itself even while a service worker controls it: a platform read that is
 * not cacheable. The worker would only add what the page adds alike (the same pipeline) and keep
 * nothing, at the cost of a round trip through it. The page sends a prepared call in the
 * 'same-origin' request mode, and the worker lets such reads go straight to the network
 * (sw/staticRoutes, sw/apiRoutes). Cacheable reads keep the worker's cache, and writes its outbox;
 * a call without a token needs no pipeline.
 */
export function isPreparedInPage(method: string, path: string): boolean {
  return method.toUpperCase() === 'GET' && path.startsWith('/api/') && !isCacheableCall(method, path) && !isTokenNotRequired(path);
}

/** A read the page's pipeline has prepared (see isPreparedInPage): the worker adds nothing to it. */
export function isPreparedRead(method: string, mode: RequestMode): boolean {
  return method.toUpperCase() === 'GET' && mode === 'same-origin';
}
