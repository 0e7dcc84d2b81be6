import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { saveReturnUrl } from '../../session/page/logoffState';
import { readKv, sessionKeys } from '../../session/core/sessionDb';
import { isAuthPage, paths } from '../../config/paths';
import type { Guard } from './guards';

/** Runs a guard before a route renders; a failure redirects, goes to sign-in, or logs off, keeping the return URL. */
export function guardLoader(guard: Guard) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const result = await guard(url);
    if (result.ok) return null;
    const returnUrl = `${url.pathname}${url.search}${url.hash}`;
    if (result.signedOut) {
      // A visit without a session: straight to sign-in, coming back here afterwards. Whatever a
      // broken session left behind (an access token with no readable session) goes, quietly: no
      // server logout, no SAML sign-out, no broadcast.
      const leftover = await readKv(sessionKeys.accessToken, (v): v is unknown => v !== null && v !== undefined);
      if (leftover !== null) {
        const { clearLocalSession } = await import('../../session/page/logoff');
        await clearLocalSession({ keepDrafts: true });
      }
      saveReturnUrl(returnUrl);
      return redirect(paths.auth);
    }
    if (result.logoff) {
      // Loaded only when a session ends: no page start needs the logoff's code.
      const { logoff } = await import('../../session/page/logoff');
      const target = await logoff({ returnUrl, keepDrafts: true });
      if (isAuthPage(target)) return redirect(target);
      window.location.assign(target); // the SAML logout is a full-page navigation
      return new Promise<never>(() => undefined);
    }
    return redirect(result.redirect ?? paths.auth);
  };
}
