import { join } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/**
 * The signed-in start's own modules in two files: one with what the first screen needs (the chunks
 * `src/app/signedInChunks.ts` asks for at once, read from its imports, and what they import), one
 * with what every signed-in start loads just after it (menus, organisation browser, toaster,
 * clock, sales actions). Beside them, one file for each wave's modules shared with the other pages,
 * one for the pre-paint, and one for what the page's first script imports.
 * Left to itself the bundler cuts a file per lazy import and per set of importers: a signed-in
 * start asked for 60 scripts, each a request, a response and a module record for the browser (and
 * for the tests' driver: about 6 ms of CPU each on a 2-core machine, the browser, the server and
 * the driver together). With the groups it asks for 24 (tests/e2e/budgets.spec).
 *
 * Neither group takes a module that a signed-out page reaches (the sign-in page, the connected
 * apps and not-found pages, and what the page's first script, the pre-paint and the app import
 * statically), so those pages never download the signed-in code, and the pre-paint never waits
 * for it. The groups are computed from the module graph once it is built, so a new import joins
 * the right file without a list to keep.
 */
export function signedInChunking(root: string): { plugin: Plugin; groups: Rolldown.CodeSplittingGroup[] } {
  const src = (path: string) => join(root, 'src', path);
  const signedInChunks = src('app/signedInChunks.ts');
  const afterFirstScreenRoots = [
    'features/shell/AfterFirstScreen.chunk.tsx',
    'components/toast/Toaster.tsx',
    'features/preferences/CurrentDateTime.chunk.tsx',
    'features/shell/chrome/ScopeMenuContent.chunk.tsx',
    'features/shell/chrome/UserMenuContent.chunk.tsx',
    'features/sales/SalesActions.chunk.tsx',
    'features/shell/OrganisationBrowser.chunk.tsx',
  ].map(src);
  // Every page starts with these (their static imports); the signed-out pages may load all of theirs.
  const [boot, prePaint, app] = ['boot.ts', 'firstPaint/page/painter.chunk.ts', 'main.tsx'].map(src) as [string, string, string];
  const everyPage = [boot, prePaint, app];
  const signInPage = src('features/auth/AuthPage.chunk.tsx');
  const signedOutPages = [signInPage, ...['features/connectedApps/ConnectedAppsPage.chunk.tsx', 'features/notFound/NotFoundPage.tsx', 'features/notFound/CloudsNotFoundPage.chunk.tsx'].map(src)];

  let firstScreen = new Set<string>();
  let afterFirstScreen = new Set<string>();
  let prePaintOwn = new Set<string>();
  let bootCore = new Set<string>();
  let firstScreenShared = new Set<string>();
  let afterFirstScreenShared = new Set<string>();

  const plugin: Plugin = {
    name: 'trust-shell-signed-in-chunking',
    apply: 'build',
    buildEnd() {
      const ids = new Set(this.getModuleIds());
      // The service worker's and the workers' builds run this plugin too: only the app's is grouped.
      if (!everyPage.every((id) => ids.has(id))) return;
      const links = (id: string) => this.getModuleInfo(id);
      const closure = (roots: string[], followDynamic: boolean): Set<string> => {
        const seen = new Set<string>();
        const queue = [...roots];
        for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          const info = links(id);
          if (!info) continue;
          queue.push(...info.importedIds, ...(followDynamic ? info.dynamicallyImportedIds : []));
        }
        return seen;
      };
      const missing = [signedInChunks, ...afterFirstScreenRoots, ...signedOutPages].filter((id) => !ids.has(id));
      if (missing.length) throw new Error(`signedInChunking: no module ${missing.join(', ')} (moved or renamed? update build/signedInChunking.ts)`);
      // The pre-paint's code in one file (it is asked for only with a stored session), the kept
      // chrome's helpers the signed-in code shares with it included.
      const appStart = closure([boot, app], false);
      prePaintOwn = new Set([...closure([prePaint], false)].filter((id) => !appStart.has(id)));
      // What the first script imports (local storage, the IndexedDB opener, protocol names): a
      // file of its own, so it starts the session database's open without waiting for the
      // shell core (120 KB) to download and run.
      bootCore = new Set([...closure([boot], false)].filter((id) => id !== boot));
      const everyPageStart = closure(everyPage, false);
      const signedOut = new Set([...everyPageStart, ...closure(signedOutPages, true)]);
      // What app/signedInChunks loads (layout, host page, signed-in start, translations): one list.
      const firstScreenRoots = [...(links(signedInChunks)?.dynamicallyImportedIds ?? [])];
      const firstAll = closure(firstScreenRoots, false);
      const afterAll = closure(afterFirstScreenRoots, false);
      const first = new Set([...firstAll].filter((id) => !signedOut.has(id)));
      const after = new Set([...afterAll].filter((id) => !signedOut.has(id)));
      // What the other pages share with a signed-in start but the sign-in page does not start with
      // (the storage notice, the default logo, brand colours, translations, the clock's date-fns
      // helpers): one file for each wave of the signed-in start, not one per set of importers. A
      // page that loads one of those modules takes the whole file (a few KB); the sign-in page's
      // first visit (its budget) downloads none of it.
      const signedOutStart = new Set([...everyPageStart, ...closure([signInPage], false)]);
      firstScreenShared = new Set([...firstAll].filter((id) => signedOut.has(id) && !signedOutStart.has(id)));
      afterFirstScreenShared = new Set([...afterAll].filter((id) => signedOut.has(id) && !signedOutStart.has(id) && !firstAll.has(id)));
      // A package's modules both sides reach are left to the bundler, which splits them by what
      // each side uses: following a package's index reaches all of it, the toast and menu machines
      // too, which only the after-first-screen code uses.
      // The organisation-tree worker's page side is the app's own: its address (`?worker&url`, for
      // its Trusted Types policy) and Comlink go with the first screen that starts the worker.
      const ownModule = (id: string) => id.startsWith(src('')) || id.startsWith(join(root, 'workers') + '/') || id.includes('/node_modules/comlink/');
      const sharedPackage = (id: string) => !ownModule(id) && first.has(id) && after.has(id);
      firstScreen = new Set([...first].filter((id) => !sharedPackage(id)));
      afterFirstScreen = new Set([...after].filter((id) => !first.has(id)));
    },
  };
  // Exactly the computed modules: following a module's imports into a group would pull the
  // signed-out pages' shared modules into it (and so the group into those pages).
  const groups: Rolldown.CodeSplittingGroup[] = [
    { name: 'boot-core', test: (id) => bootCore.has(id), priority: 11, includeDependenciesRecursively: false },
    { name: 'pre-paint', test: (id) => prePaintOwn.has(id), priority: 6, includeDependenciesRecursively: false },
    { name: 'signed-in', test: (id) => firstScreen.has(id), priority: 5, includeDependenciesRecursively: false },
    { name: 'after-first-screen', test: (id) => afterFirstScreen.has(id), priority: 4, includeDependenciesRecursively: false },
    { name: 'signed-in-shared', test: (id) => firstScreenShared.has(id), priority: 3, includeDependenciesRecursively: false },
    { name: 'after-first-screen-shared', test: (id) => afterFirstScreenShared.has(id), priority: 2, includeDependenciesRecursively: false },
  ];
  return { plugin, groups };
}
