import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { appStore, useAtomValue } from '../../state/jotai';
import { runtimeConfigAtom } from '../../config/configAtom';
import { sessionAtom } from '../../session/page/sessionAtoms';
import {
  contentAtom,
  currentUserAtom,
  navigationConfigAtom,
  permissionsAtom,
  productVersionAtom,
  stateSourceAtom,
  toolPreferencesAtom,
} from '../state/signedInState';
import { analytics, track } from './analytics';
import { analyticsAllowed, scriptAddress } from './conditions';
import { browserTimeZone, buildIdentity } from './identity';

/** Event name of a signed-in page view (the path only: queries may carry ids). */
export const pageViewEvent = 'page_view';

let watchingSession = false;

/**
 * SPEC §4 reset on logout: watched at module level, so a sign-out in this tab (logoff) or in
 * another (the cross-tab logoff sets the same atom) resets the agent before the shell unmounts.
 */
function watchSignOut(): void {
  if (watchingSession) return;
  watchingSession = true;
  let signedIn = appStore.get(sessionAtom).isLoggedIn;
  appStore.sub(sessionAtom, () => {
    const now = appStore.get(sessionAtom).isLoggedIn;
    if (signedIn && !now) analytics.reset();
    signedIn = now;
  });
}

/**
 * Product-analytics identification for the signed-in member (SPEC §3, §4, §9): decides from the
 * loaded state whether analytics runs, hands the identity to the controller, turns it off when
 * ProductImprovements is switched off (opt-out), and records page views.
 */
export function useAnalytics(): void {
  const config = useAtomValue(runtimeConfigAtom);
  const session = useAtomValue(sessionAtom);
  const loaded = useAtomValue(stateSourceAtom) !== null;
  const content = useAtomValue(contentAtom);
  const permissions = useAtomValue(permissionsAtom);
  const toolPreferences = useAtomValue(toolPreferencesAtom);
  const user = useAtomValue(currentUserAtom);
  const navigation = useAtomValue(navigationConfigAtom);
  const version = useAtomValue(productVersionAtom);
  const { pathname } = useLocation();

  useEffect(watchSignOut, []);

  useEffect(() => {
    // Until the signed-in state is loaded nothing is decided; events wait in the queue.
    const claims = session.claims;
    if (!loaded || !claims) return;
    const key = content?.CustomerSuccessKey;
    const scriptUrl = scriptAddress(config.analytics.scriptUrl, key);
    if (scriptUrl === null || !analyticsAllowed({ customerSuccessKey: key, permissions, toolPreferences })) {
      void analytics.update(null);
      return;
    }
    const identity = buildIdentity({ claims, user, toolPreferences, navigation, version, timeZone: browserTimeZone() });
    void analytics.update({ scriptUrl, identity });
  }, [config, session.claims, loaded, content, permissions, toolPreferences, user, navigation, version]);

  useEffect(() => {
    track(pageViewEvent, { path: pathname });
  }, [pathname]);
}
