import { useEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation, type RouteObject } from 'react-router-dom';
import { markFirstScreenShown } from '../lib/firstScreen';
import { guardLoader } from './guards/guardLoader';
import { eulaGuard, mainGuard } from './guards/sessionGuards';
import { Loading } from '../components/loading/Loading';
import { isOutsideShellRoutes, paths } from '../config/paths';
import { RouteError } from './RouteError';
import { CatchAll } from './CatchAll';
import { settledAt } from './documentLoad';
import { appStore } from '../state/jotai';
import { runtimeConfigAtom } from '../config/configAtom';
import { isWarmStart } from '../startup/page/startKind';
import { signedInChunks } from './signedInChunks';
import { includeSignedInShellTexts } from '../lib/i18n/runtime';

const mfeHostPage: RouteObject['lazy'] = async () => ({ Component: (await signedInChunks.mfeHost()).default });

/**
 * SPEC §2 route table; every page is its own chunk so /auth loads only what it needs. Remotes whose
 * route starts outside the shell's routes are served at /{route} too (contract microFrontends[].route:
 * SPEC's other route files, e.g. /reporting/benchmarking), inside the signed-in layout.
 */
function pageRoutes(remoteRoutes: readonly string[]): RouteObject[] {
  return [
    { path: paths.root, element: <RedirectKeepingQuery to={paths.landing} /> },
    { path: paths.landing, element: <RedirectKeepingQuery to={paths.mfeHost} /> },
    {
      // The main guard runs once on entering the signed-in area, not on every navigation inside it.
      loader: guardLoader(mainGuard()),
      shouldRevalidate: () => false,
      lazy: async () => {
        const layout = await signedInChunks.layout();
        // Kept banners show with the live chrome: their view's code first (features/banners/BannerArea).
        await layout.bannerViewReady;
        return { Component: layout.default };
      },
      children: [
        { path: `${paths.mfeHost}/*`, lazy: mfeHostPage },
        ...remoteRoutes.map((route): RouteObject => ({ path: `${route}/*`, lazy: mfeHostPage })),
      ],
    },
    { path: paths.auth, lazy: async () => ({ Component: (await import('../features/auth/AuthPage.chunk')).default }) },
    {
      path: paths.connectedApps,
      lazy: async () => ({ Component: (await import('../features/connectedApps/ConnectedAppsPage.chunk')).default }),
    },
    {
      path: paths.eula,
      loader: guardLoader(eulaGuard),
      lazy: async () => ({ Component: (await import('../features/eula/EulaPage.chunk')).default }),
    },
    // The shared UI kit on one page: no sign-in, its own chunk, and every shell text (it shows the signed-in area's).
    {
      path: paths.uiKit,
      lazy: async () => {
        const [page] = await Promise.all([import('../features/uiKit/UiKitPage.chunk'), includeSignedInShellTexts().catch(() => undefined)]);
        return { Component: page.default };
      },
    },
    { path: paths.notFound, lazy: async () => ({ Component: (await import('../features/notFound/NotFoundPage')).default }) },
    {
      path: paths.notFoundClouds,
      lazy: async () => ({ Component: (await import('../features/notFound/CloudsNotFoundPage.chunk')).default }),
    },
    { path: '*', element: <CatchAll /> },
  ];
}

/**
 * SPEC §2's redirects of the bare root and /landing keep the query and hash, so a tenant-context
 * link (?context=&contextVersion=) that lands there still reaches the host, which switches and
 * cleans the address bar.
 */
function RedirectKeepingQuery({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: to, search, hash }} replace />;
}

/** The layout's element: once it has committed, the first page is on screen (its effects run after the page's). */
function Pages() {
  useEffect(markFirstScreenShown, []);
  return <Outlet />;
}

/** The first route's wait: the full-page loading display, but nothing on a warm start (it paints from the device). */
function StartFallback() {
  return isWarmStart() ? null : <Loading size="large" />;
}

/** One layout route so the first lazy page load shows the full-page loading display, and any failure the shell's error page. */
export function shellRoutes(remoteRoutes: readonly string[] = []): RouteObject[] {
  return [
    { element: <Pages />, hydrateFallbackElement: <StartFallback />, errorElement: <RouteError />, children: pageRoutes(remoteRoutes) },
  ];
}

/** Built once the runtime configuration is loaded, so the configured remotes' own routes are known. */
export function createShellRouter() {
  const remoteRoutes = appStore.get(runtimeConfigAtom).microFrontends.map((m) => m.route).filter(isOutsideShellRoutes);
  const router = createBrowserRouter(shellRoutes(remoteRoutes));
  router.subscribe((state) => {
    if (state.navigation.state === 'idle') settledAt(state.location);
  });
  return router;
}
