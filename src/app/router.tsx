import { useEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { markFirstScreenShown } from './firstScreen';
import { guardLoader } from './guards/guardLoader';
import { mainGuard } from './guards/sessionGuards';
import { Loading } from '../components/loading/Loading';
import { paths } from './paths';
import { RouteError } from './RouteError';

/** SPEC §2 route table; every page is its own chunk so /auth loads only what it needs. */
const pageRoutes: RouteObject[] = [
  { path: paths.root, element: <Navigate to={paths.landing} replace /> },
  { path: paths.landing, element: <Navigate to={paths.mfeHost} replace /> },
  {
    // The main guard runs once on entering the signed-in area, not on every navigation inside it.
    loader: guardLoader(mainGuard()),
    shouldRevalidate: () => false,
    lazy: async () => ({ Component: (await import('../features/shell/SignedInLayout')).default }),
    children: [
      { path: `${paths.mfeHost}/*`, lazy: async () => ({ Component: (await import('../features/mfeHost/MfeHostPage')).default }) },
    ],
  },
  { path: paths.auth, lazy: async () => ({ Component: (await import('../features/auth/AuthPage')).default }) },
  {
    path: paths.connectedApps,
    lazy: async () => ({ Component: (await import('../features/connectedApps/ConnectedAppsPage')).default }),
  },
  { path: paths.eula, lazy: async () => ({ Component: (await import('../features/eula/EulaPage')).default }) },
  // The shared UI kit on one page (issue 4): no sign-in, its own chunk.
  { path: paths.uiKit, lazy: async () => ({ Component: (await import('../features/uiKit/UiKitPage')).default }) },
  { path: paths.notFound, lazy: async () => ({ Component: (await import('../features/notFound/NotFoundPage')).default }) },
  {
    path: paths.notFoundClouds,
    lazy: async () => ({ Component: (await import('../features/notFound/CloudsNotFoundPage')).default }),
  },
  { path: '*', element: <Navigate to={paths.notFound} replace /> },
];

/** The layout's element: once it has committed, the first page is on screen (its effects run after the page's). */
function Pages() {
  useEffect(markFirstScreenShown, []);
  return <Outlet />;
}

/** One layout route so the first lazy page load shows the full-page loading display, and any failure the shell's error page. */
export const routes: RouteObject[] = [
  { element: <Pages />, hydrateFallbackElement: <Loading size="large" />, errorElement: <RouteError />, children: pageRoutes },
];

export function createShellRouter() {
  return createBrowserRouter(routes);
}
