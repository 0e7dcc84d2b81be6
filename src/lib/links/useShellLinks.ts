import { useEffect, type RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAtomValue } from '../../state/jotai';
import { runtimeConfigAtom } from '../../config/configAtom';
import { sessionAtom } from '../../session/page/sessionAtoms';
import { contentAtom, permissionsAtom, userTenantKey } from '../state/signedInState';
import { recordVisit } from '../history/historyStore';
import { communityAppPermission, communityOrigin } from './communityLinks';
import { rewrittenLinkClick, watchCommunityLinks } from './anchorRewriter';

/**
 * Under the shell's root: community-app link rewriting (SPEC §4/§5, only with CommunityAppAccess)
 * and the member's browsing history (SPEC §3, one entry per signed-in route change).
 */
export function useShellLinks(root: RefObject<HTMLElement | null>): void {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const claims = useAtomValue(sessionAtom).claims;
  const historyKey = claims ? userTenantKey(claims) : null;
  const allowed = useAtomValue(permissionsAtom).has(communityAppPermission);
  const config = useAtomValue(runtimeConfigAtom);
  const communityAppUrl = useAtomValue(contentAtom)?.CommunityAppUrl;
  const origin = communityOrigin(config.communityAppOrigin, communityAppUrl);
  const connectedApps = config.connectedApps;

  useEffect(() => {
    if (historyKey !== null) recordVisit(historyKey, `${pathname}${search}${hash}`);
  }, [historyKey, pathname, search, hash]);

  useEffect(() => {
    const element = root.current;
    if (!element || !allowed || origin === null || connectedApps.length === 0) return;
    const stop = watchCommunityLinks(element, { origin, connectedApps });
    const onClick = (event: MouseEvent) => {
      const path = rewrittenLinkClick(event);
      if (path === null) return;
      event.preventDefault();
      void navigate(path);
    };
    element.addEventListener('click', onClick);
    return () => {
      stop();
      element.removeEventListener('click', onClick);
    };
  }, [root, allowed, origin, connectedApps, navigate]);
}
