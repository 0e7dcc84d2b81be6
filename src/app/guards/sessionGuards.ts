import { isExpired, parseAccessClaims } from '../../session/core/claims';
import { refreshSession } from '../../session/core/refresh';
import { memberScopeKey } from '../../lib/state/signedInState';
import { readStoredSession, syncSessionFromStorage, type StoredSession } from '../../session/page/sessionAtoms';
import { saveReturnUrl } from '../../session/page/logoffState';
import { paths } from '../../config/paths';
import { pass, type Guard, type GuardResult } from './guards';
import { signedInChunks } from '../signedInChunks';
import { canRefreshBehind } from '../../startup/page/startKind';
import { includeSignedInShellTexts } from '../../lib/i18n/runtime';
import { firstScreenShown } from '../../lib/firstScreen';
import { nextTask } from '../../lib/nextTask';


/** A guard's answer about the token; with `unchanged`, the stored entries it read, valid, nothing written since. */
type EnsuredToken = GuardResult & { unchanged?: StoredSession };

/**
 * A valid access token, or a successful refresh. A refresh that gets no answer still admits the
 * member (offline with the last known state); only a refused one ends the session.
 */
async function ensureToken(): Promise<EnsuredToken> {
  const stored = await readStoredSession();
  const [auth, token] = stored;
  // No session at all: nothing to log off (no server logout, no SAML sign-out, no broadcast).
  if (!auth) return { ok: false, signedOut: true };
  // Valid as read: the caller may take these entries rather than read them again.
  if (!isExpired(parseAccessClaims(token))) return { ...pass, unchanged: stored };
  const outcome = await refreshSession({ failedToken: token });
  if (outcome === 'no-session') return { ok: false, signedOut: true };
  // A refused refresh is a session that really ended: the full logoff (SAML sign-out included).
  return outcome === 'refused' ? { ok: false, logoff: true } : pass;
}

/** Lazy-load guard: only tries a token refresh. */
export const lazyLoadGuard: Guard = () => ensureToken();

/**
 * Main guard: token, then the virtual-role check (AcceptEula → /eula), then the app initialises.
 * Stale-while-revalidate: with a last known state of this member and tenant the guard passes as
 * soon as that state, the kept brand and (from i18n's start) the member's kept catalogue are on
 * screen, before any platform answer; the state calls and the translations then revalidate behind
 * the painted shell and update it in place. Without one it waits for them, as a first visit must.
 */
export function mainGuard(options: { checkVirtualRole?: boolean } = {}): Guard {
  return async (url) => {
    // Warm start with an expired access token: the refresh is a platform answer too, so it runs
    // behind the painted shell, and the state calls follow it; a refused one still ends the session.
    const refreshBehind = await canRefreshBehind().catch(() => false);
    const token: EnsuredToken = refreshBehind ? pass : await ensureToken();
    if (!token.ok) return token;
    const { claims } = await syncSessionFromStorage(token.unchanged);
    // The shell's own texts of the signed-in area (a chunk of this build: no platform answer).
    const shellTexts = includeSignedInShellTexts().catch(() => undefined);
    const live: Promise<boolean> = refreshBehind ? refreshedBehind(url) : Promise.resolve(true);
    // The signed-in start is its own chunk: the sign-in page (/auth) never needs it.
    const start = signedInChunks.start();
    // The brand of the last visit paints before any network answer (false when none is kept).
    const brand = claims ? start.then((m) => m.paintStoredBrand(memberScopeKey(claims))).catch(() => false) : Promise.resolve(false);
    if (options.checkVirtualRole !== false && claims?.virtualRole && claims.role === 'AcceptEula') {
      // Where the member was going: the agreement page continues there once accepted.
      saveReturnUrl(`${url.pathname}${url.search}${url.hash}`);
      return { ok: false, redirect: paths.eula };
    }
    // The member's language and tenant texts load with the state, so a first visit never paints in
    // the wrong language (loaded lazily: the signed-out pages do not need this code).
    const translationsChunk = signedInChunks.translations();
    const loadTranslations = async (ok: boolean) => {
      if (ok) await (await translationsChunk).loadSignedInTranslations(claims);
    };
    const { loadSignedInState, showLastKnownState } = await start;
    if (claims && (await showLastKnownState(claims, { withTree: false }))) {
      // Warm start: the state calls (and the organisation-tree worker that loads init) start once
      // the shown state has painted, so they never compete with it; their answers replace it when
      // they arrive (a failure there takes its own fall-back, the offline path, or, for a refused
      // refresh, the logoff every tab follows). The translations' revalidation (the languages, the
      // seeds, the tenant's and the modules' catalogues: the kept one is on screen) waits with them.
      const state = live.then(async (ok) => {
        if (!ok) return;
        await firstScreenShown;
        // Each start in a task of its own, not in the one that resolves the first screen's wait.
        await nextTask();
        const loaded = loadSignedInState(claims);
        loaded.catch(() => undefined); // awaited below: not unhandled while the next task waits
        await nextTask();
        await Promise.all([loaded, loadTranslations(true).catch(() => undefined)]);
      });
      state.catch(() => undefined);
      await Promise.all([brand, shellTexts]);
      return pass;
    }
    const state = live.then((ok) => (ok ? loadSignedInState(claims) : undefined));
    const translations = live.then(loadTranslations);
    await Promise.all([state, translations.catch(() => undefined), shellTexts]);
    return pass;
  };
}

/**
 * The refresh of a warm start, behind the painted shell: true once the session goes on (renewed, or
 * unanswered and kept for the offline path). A refused one ends the session as the guard would have
 * (the full logoff, SAML sign-out included), from the page the member was shown.
 */
async function refreshedBehind(url: URL): Promise<boolean> {
  const result = await ensureToken();
  if (result.ok) {
    await syncSessionFromStorage(result.unchanged);
    return true;
  }
  // Loaded only when a session ends: no page start needs the logoff's code.
  const { logoff } = await import('../../session/page/logoff');
  const target = await logoff({ returnUrl: `${url.pathname}${url.search}${url.hash}`, keepDrafts: true });
  window.location.assign(target);
  return false;
}

/** /eula: a session (as the lazy-load guard), and the member's language before the agreement shows. */
export const eulaGuard: Guard = async () => {
  const token = await ensureToken();
  if (!token.ok) return token;
  const { claims } = await syncSessionFromStorage(token.unchanged);
  const { loadSignedInTranslations } = await signedInChunks.translations();
  await Promise.all([loadSignedInTranslations(claims).catch(() => undefined), includeSignedInShellTexts().catch(() => undefined)]);
  return pass;
};
