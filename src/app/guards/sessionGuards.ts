import { isExpired, parseAccessClaims } from '../../core/session/claims';
import { readAccessToken, readStoredAuth } from '../../core/session/sessionDb';
import { refreshSession } from '../../core/session/refresh';
import { userTenantKey } from '../../lib/state/signedInState';
import { syncSessionFromStorage } from '../../lib/session/sessionAtoms';
import { saveReturnUrl } from '../../lib/session/logoffState';
import { paths } from '../../config/paths';
import { pass, type Guard, type GuardResult } from './guards';


/**
 * A valid access token, or a successful refresh. A refresh that gets no answer still admits the
 * member (offline with the last known state); only a refused one ends the session.
 */
async function ensureToken(): Promise<GuardResult> {
  // No session at all: nothing to log off (no server logout, no SAML sign-out, no broadcast).
  if (!(await readStoredAuth())) return { ok: false, signedOut: true };
  const token = await readAccessToken();
  if (!isExpired(parseAccessClaims(token))) return pass;
  const outcome = await refreshSession({ failedToken: token });
  if (outcome === 'no-session') return { ok: false, signedOut: true };
  // A refused refresh is a session that really ended: the full logoff (SAML sign-out included).
  return outcome === 'refused' ? { ok: false, logoff: true } : pass;
}

/** Lazy-load guard: only tries a token refresh. */
export const lazyLoadGuard: Guard = () => ensureToken();

/** Main guard: token, then the virtual-role check (AcceptEula → /eula), then the app initialises. */
export function mainGuard(options: { checkVirtualRole?: boolean } = {}): Guard {
  return async (url) => {
    const token = await ensureToken();
    if (!token.ok) return token;
    const { claims } = await syncSessionFromStorage();
    // The signed-in start is its own chunk: the sign-in page (/auth) never needs it.
    const start = import('../../lib/state/signedInStart');
    // The brand of the last visit paints before any network answer (a no-op when none is kept).
    if (claims) void start.then((m) => m.paintStoredBrand(userTenantKey(claims)));
    if (options.checkVirtualRole !== false && claims?.virtualRole && claims.role === 'AcceptEula') {
      // Where the member was going: the agreement page continues there once accepted.
      saveReturnUrl(`${url.pathname}${url.search}${url.hash}`);
      return { ok: false, redirect: paths.eula };
    }
    // The member's language and tenant texts load with the state, so the shell never paints in the
    // wrong language first (loaded lazily: the signed-out pages do not need this code).
    const translations = import('../../lib/i18n/signedInTranslations').then((m) => m.loadSignedInTranslations(claims));
    const { loadSignedInState, showLastKnownState } = await start;
    const state = loadSignedInState(claims);
    // Warm start: this member's last known state shows at once and the platform's answers replace
    // it when they arrive (a failure there takes its own fall-back or the offline path).
    if (claims && (await showLastKnownState(claims, { withTree: false }))) {
      state.catch(() => undefined);
      await translations.catch(() => undefined);
      return pass;
    }
    await Promise.all([state, translations.catch(() => undefined)]);
    return pass;
  };
}

/** /eula: a session (as the lazy-load guard), and the member's language before the agreement shows. */
export const eulaGuard: Guard = async () => {
  const token = await ensureToken();
  if (!token.ok) return token;
  const { claims } = await syncSessionFromStorage();
  const { loadSignedInTranslations } = await import('../../lib/i18n/signedInTranslations');
  await loadSignedInTranslations(claims).catch(() => undefined);
  return pass;
};
