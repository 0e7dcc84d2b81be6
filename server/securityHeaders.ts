/**
 * The security headers the shell's host sends with the shell's own files: a Content-Security-Policy built from the runtime configuration the same host serves at
 * /config.json, plus Referrer-Policy, X-Content-Type-Options and Cross-Origin-Opener-Policy. Nothing is left open: every kind
 * of resource falls back to this origin (default-src), and each directive names only what the
 * shell and its configured parts need:
 * - script-src: this origin, the analytics script's and the micro-frontends' origins. Never
 *   unsafe-inline or unsafe-eval: the built index.html has no inline script.
 * - style-src: this origin (and the micro-frontends', whose modules may bring their styles). No
 *   'unsafe-inline': the built CSS is in files, and the shell sets its runtime styles (brand
 *   colours as custom properties, React `style` props, positioning) through the CSSOM, which the
 *   policy does not govern; a style attribute or <style> element in markup is refused.
 * - img-src: this origin and data: (brand logos and favicons arrive as base64 images), plus the
 *   micro-frontends' and the analytics agent's origins (their images and beacons).
 * - font-src: this origin (and the micro-frontends').
 * - connect-src: this origin and the configured web-to-lead, analytics, OIDC, seed-translation
 *   and trusted API (authClient.trustedApiOrigins) origins.
 * - frame-src 'none': the shell frames nothing (the runtime configuration names no framed origin).
 * - form-action: this origin and the configured web-to-lead origin.
 * - worker-src, manifest-src: this origin; object-src, base-uri, frame-ancestors: none.
 * - Trusted Types: `require-trusted-types-for 'script'`, and `trusted-types` naming only the shell's
 *   two policies (src/core/trustedTypes): the sanitiser's HTML policy and the script-address one.
 *   No 'default' policy, no duplicates: a string in innerHTML, a script's src or `new Worker` from
 *   any other code is refused.
 */
import { trustedTypePolicyNames } from '../src/core/trustedTypes.ts';

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
  const remoteOrigins = origins(remotes);
  const scripts = origins([analytics, ...remotes]);
  const trustedApis = Array.isArray(auth.trustedApiOrigins) ? auth.trustedApiOrigins : [];
  const connects = origins([config.webToLeadUrl, analytics, auth.issuer, auth.tokenEndpoint, auth.userinfoEndpoint, config.seedTranslationUrl, ...trustedApis]);
  const images = origins([analytics, ...remotes]);
  const forms = origins([config.webToLeadUrl]);
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...scripts].join(' ')}`,
    `style-src ${["'self'", ...remoteOrigins].join(' ')}`,
    `img-src ${["'self'", 'data:', ...images].join(' ')}`,
    `font-src ${["'self'", ...remoteOrigins].join(' ')}`,
    `connect-src ${["'self'", ...connects].join(' ')}`,
    "frame-src 'none'",
    "worker-src 'self'",
    "manifest-src 'self'",
    `form-action ${["'self'", ...forms].join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "require-trusted-types-for 'script'",
    `trusted-types ${Object.values(trustedTypePolicyNames).join(' ')}`,
  ].join('; ');
}

export function securityHeaders(configText: string): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(configText),
    // Addresses may carry a tenant context: nothing of them leaves the origin.
    'Referrer-Policy': 'same-origin',
    'X-Content-Type-Options': 'nosniff',
    // A window that opens the shell from another origin gets no handle on it. The shell's own
    // popups keep theirs (same-origin-allow-popups): signing in again in a popup polls its closed state.
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  };
}
