import { memberScopeKey, type AccessClaims } from '../../session/core/claims';
import { isLive } from '../../session/core/liveSession';
import type { StoredAuth } from '../../session/core/sessionDb';
import type { ChromeNode } from './barTree';

/**
 * The kept chrome: what the signed-in layout's top bar looked like the last time it was on screen,
 * so the next start can paint it before the app's code has run: served inside the page by the
 * service worker (servedDocument.ts), or built by the page (firstPaint/page/painter.chunk). One copy, for one
 * member, tenant, organisation group and role (the same key as the last known state), deleted at
 * sign-out and at a switch.
 */
export interface ChromeSnapshot {
  /** memberScopeKey of the member, tenant, organisation group and role it shows. */
  scopeKey: string;
  /** The language its texts are in (the session's language when it was kept). */
  language: string;
  /** <html lang> and dir. */
  lang: string;
  dir: 'ltr' | 'rtl';
  /**
   * <html data-theme> and data-color-scheme (lib/theme) when it was kept: the service worker,
   * which cannot read the stored theme (local storage), serves the page in these. Absent in a copy
   * kept before they were: that copy is painted by the page only.
   */
  theme?: string;
  colorScheme?: string;
  /** <html data-brand> and the brand custom properties (`--brand-primary`: `#0B5FFF`, …). */
  brand: string;
  vars: Record<string, string>;
  /** Same-origin stylesheets the bar's rules come from (`/assets/….css`), in document order. */
  styles: string[];
  /** The layout media query the bar was laid out for, and whether it matched: another width lays it out otherwise. */
  media: { query: string; matches: boolean };
  /** The top bar (`header.shell__bar`) as data, never markup; rebuilt through an allow-list (barTree.ts). */
  bar: ChromeNode;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';

/** The entry's shape (storage can be corrupt or written by anyone on the origin); its values are checked again where used. */
export function isChromeSnapshot(value: unknown): value is ChromeSnapshot {
  if (!isRecord(value)) return false;
  const { scopeKey, language, lang, dir, brand, vars, styles, media, bar } = value;
  return (
    isString(scopeKey) &&
    isString(language) &&
    isString(lang) &&
    (dir === 'ltr' || dir === 'rtl') &&
    isString(brand) &&
    (value.theme === undefined || isString(value.theme)) &&
    (value.colorScheme === undefined || isString(value.colorScheme)) &&
    isRecord(vars) &&
    Object.values(vars).every(isString) &&
    Array.isArray(styles) &&
    styles.every(isString) &&
    isRecord(media) &&
    isString(media.query) &&
    typeof media.matches === 'boolean' &&
    isRecord(bar)
  );
}

/** What the stored session says, read at start. */
export interface StoredSessionView {
  auth: StoredAuth | null;
  claims: AccessClaims | null;
  /** The session's language entry (the pipeline's Accept-Language). */
  language: string | null;
}

/**
 * The snapshot to paint, or null: only with a live session (detectStart's warm condition) whose
 * member, tenant, organisation group and role are the snapshot's, in the snapshot's language.
 * Nothing is ever painted for another scope.
 */
export function paintableSnapshot(snapshot: unknown, session: StoredSessionView, nowMs: number = Date.now()): ChromeSnapshot | null {
  if (!isChromeSnapshot(snapshot) || !isLive(session.auth, session.claims, nowMs)) return null;
  if (snapshot.scopeKey !== memberScopeKey(session.claims)) return null;
  if (session.language === null || snapshot.language.toLowerCase() !== session.language.toLowerCase()) return null;
  return snapshot;
}
