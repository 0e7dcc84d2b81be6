import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { logoff } from '../../lib/session/logoff';
import { isAuthPage, paths } from '../paths';
import type { Guard } from './guards';

/** Runs a guard before a route renders; a failure redirects, or logs off keeping the return URL. */
export function guardLoader(guard: Guard) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const result = await guard(url);
    if (result.ok) return null;
    if (result.logoff) {
      const target = await logoff({ returnUrl: `${url.pathname}${url.search}${url.hash}`, keepDrafts: true });
      if (isAuthPage(target)) return redirect(target);
      window.location.assign(target); // the SAML logout is a full-page navigation
      return new Promise<never>(() => undefined);
    }
    return redirect(result.redirect ?? paths.auth);
  };
}
