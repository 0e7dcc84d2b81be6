import type { NavigateFunction } from 'react-router-dom';
import { isAuthPage } from '../../config/paths';

/**
 * Goes where a logoff says: /auth inside the app (no reload), the SAML logout path as a full-page
 * navigation. One place for every sign-out a screen starts (user menu, timeout warning, timeout).
 */
export function followSignOut(target: string, navigate: NavigateFunction): void {
  if (isAuthPage(target)) void navigate(target, { replace: true });
  else window.location.assign(target);
}
