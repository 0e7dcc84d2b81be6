import { paths } from '../../config/paths';

/**
 * Links to the connected community app (SPEC §4, §5 "Link rewriting", contract RuntimeConfig
 * communityAppOrigin / connectedApps). A link is sent through /auth/connected-apps so the shell
 * decides where the member lands; that route is a redirect, so its input is checked strictly here.
 *
 * Mapping: https://community.example/forum/7?sort=new#top
 *   → /auth/connected-apps?landingPage=%2Fforum%2F7%3Fsort%3Dnew%23top&application=community.example
 * landingPage is the link's path, query and fragment (as the URL parser serialised them);
 * application is its host (with the port when not the default one).
 */
export const communityAppPermission = 'CommunityAppAccess';

export interface CommunitySettings {
  /** The community app's origin, e.g. https://community.example (null: no community app). */
  origin: string | null;
  /** Configured connected-app hosts (contract RuntimeConfig.connectedApps). */
  connectedApps: readonly string[];
}

function httpUrl(value: string, base?: string): URL | null {
  try {
    const url = new URL(value, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** The configured origin wins; null uses the origin of the content object's CommunityAppUrl (contract). */
export function communityOrigin(configured: string | null, communityAppUrl: string | null | undefined): string | null {
  const source = configured ?? communityAppUrl ?? null;
  if (source === null) return null;
  return httpUrl(source)?.origin ?? null;
}

function isConnected(host: string, settings: CommunitySettings): boolean {
  const wanted = host.toLowerCase();
  return settings.connectedApps.some((app) => app.toLowerCase() === wanted);
}

/** The rewritten address for `href`, or null when the link is not one to rewrite. */
export function rewriteTarget(href: string, settings: CommunitySettings, base?: string): string | null {
  if (settings.origin === null) return null;
  const url = httpUrl(href, base);
  // Compared as parsed origins, never as string prefixes: https://community.example.evil.test starts
  // with https://community.example too.
  if (!url || url.origin !== settings.origin || !isConnected(url.host, settings)) return null;
  const query = new URLSearchParams({ landingPage: `${url.pathname}${url.search}${url.hash}`, application: url.host });
  return `${paths.connectedApps}?${query.toString()}`;
}

/** Whitespace or control characters: never in a serialised path, a sign of a crafted value. */
function hasUnsafeCharacter(value: string): boolean {
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code <= 0x20 || (code >= 0x7f && code <= 0x9f) || /\s/u.test(char)) return true;
  }
  return false;
}
const hostPattern = /^[A-Za-z0-9.-]+(:\d{1,5})?$/;

function single(params: URLSearchParams, name: string): string | null {
  const values = params.getAll(name);
  return values.length === 1 ? (values[0] ?? null) : null;
}

/**
 * The absolute community address for /auth/connected-apps?landingPage&application, or null to
 * refuse. landingPage must be a path on the community app (no scheme, no //, no backslash, no
 * control characters); application must be a configured connected app and the community origin's
 * host. The result is re-checked as a parsed URL, so no spelling can leave the community origin.
 */
export function connectedAppTarget(params: URLSearchParams, settings: CommunitySettings): string | null {
  const landingPage = single(params, 'landingPage');
  const application = single(params, 'application');
  if (settings.origin === null || landingPage === null || application === null) return null;
  if (!landingPage.startsWith('/') || landingPage.startsWith('//') || landingPage.includes('\\') || hasUnsafeCharacter(landingPage)) return null;
  if (!hostPattern.test(application) || !isConnected(application, settings)) return null;
  const origin = httpUrl(settings.origin);
  if (!origin || origin.origin !== settings.origin || origin.host !== application.toLowerCase()) return null;
  const target = httpUrl(landingPage, `${settings.origin}/`);
  if (!target || target.origin !== settings.origin || target.username !== '' || target.password !== '') return null;
  return target.href;
}
