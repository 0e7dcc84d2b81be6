import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { catchAllLoadsPage, paths } from '../config/paths';
import { Loading } from '../components/loading/Loading';
import { isDocumentLoad } from './documentLoad';

/**
 * SPEC §2 catch-all. A same-origin path outside the shell's routes belongs to another application
 * on the origin (/onboarding/…, /app/#/…): an in-app navigation there leaves by a full page load.
 * The address the document was loaded at shows /404 instead: the server answered it with the
 * shell, and loading it again would loop.
 */
export function CatchAll() {
  const location = useLocation();
  // Built on this origin, never read as an address: a path such as //evil.test/x stays a path here
  // (the origin ends at the first slash after it), so the page it loads is always this origin's.
  const target = new URL(`${window.location.origin}${location.pathname}${location.search}${location.hash}`);
  const leaves = catchAllLoadsPage(location.pathname) && !isDocumentLoad(location);
  useEffect(() => {
    // replace: the in-app entry the router pushed becomes the loaded page's, so Back skips it.
    if (leaves) window.location.replace(target.href);
  }, [leaves, target.href]);
  return leaves ? <Loading size="large" /> : <Navigate to={paths.notFound} replace />;
}
