/**
 * The security headers the shell's host sends with the shell's own files (issue 9 item 3): a
 * Content-Security-Policy built from the runtime configuration the same host serves at
 * /config.json, plus Referrer-Policy and X-Content-Type-Options. Scripts come only from this origin
 * and the configured analytics and micro-frontend origins; connections only to this origin and the
 * configured web-to-lead, analytics, OIDC and seed-translation origins. Never unsafe-inline or
 * unsafe-eval: the built index.html has no inline script.
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (value: unknown): value is Record<string, Json> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The http(s) origin of an absolute address; null for relative paths (this origin) and anything else. */
export function originOf(value: unknown): string | null {
  if (typeof value !== 'string' || !/^https?:\/\//i.test(value)) return null;
  try {
    const url = new URL(value.replace(/\{[^}]*\}/g, 'x'));
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

function origins(values: unknown[]): string[] {
  return [...new Set(values.map(originOf).filter((o): o is string => o !== null))].sort();
}

/** The policy for a served /config.json document (its text); an unreadable one allows only this origin. */
export function contentSecurityPolicy(configText: string): string {
  let config: Record<string, Json> = {};
  try {
    const parsed = JSON.parse(configText) as unknown;
    if (isObject(parsed)) config = parsed;
  } catch {
    // the app reports the broken file on screen; the policy stays at this origin only
  }
  const analytics = isObject(config.analytics) ? config.analytics.scriptUrl : null;
  const remotes = Array.isArray(config.microFrontends) ? config.microFrontends.map((m) => (isObject(m) ? m.moduleUrl : null)) : [];
  const auth = isObject(config.authClient) ? config.authClient : {};
  const scripts = origins([analytics, ...remotes]);
  const connects = origins([config.webToLeadUrl, analytics, auth.issuer, auth.tokenEndpoint, auth.userinfoEndpoint, config.seedTranslationUrl]);
  return [
    `script-src ${["'self'", ...scripts].join(' ')}`,
    `connect-src ${["'self'", ...connects].join(' ')}`,
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders(configText: string): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(configText),
    // Addresses may carry a tenant context: nothing of them leaves the origin.
    'Referrer-Policy': 'same-origin',
    'X-Content-Type-Options': 'nosniff',
  };
}
