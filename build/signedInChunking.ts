import { join } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/**
 * The signed-in start's own modules in two files: one with what the first screen needs (the chunks
 * `src/app/signedInChunks.ts` asks for at once, read from its imports, and what they import), one
 * with what every signed-in start loads just after it (menus, organisation browser, toaster,
 * clock, sales actions).
 * Left to itself the bundler cuts a file per lazy import and per set of importers: a signed-in
 * start asked for 60 scripts, each a request, a response and a module record for the browser (and
 * for the tests' driver). With the groups it asks for 33 (tests/e2e/budgets.spec), and a
 * signed-in load costs 1.8 instead of 2.1 CPU-s on a 2-core machine (40 loads each, the browser,
 * the server and the driver).
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
    'features/shell/AfterFirstScreen.tsx',
    'components/toast/Toaster.tsx',
    'features/preferences/CurrentDateTime.tsx',
    'features/shell/chrome/ScopeMenuLoaded.tsx',
    'features/shell/chrome/UserMenuLoaded.tsx',
    'features/sales/SalesActions.tsx',
    'features/shell/OrganisationBrowser.tsx',
  ].map(src);
  // Every page starts with these (their static imports); the signed-out pages may load all of theirs.
  const everyPage = ['boot.ts', 'lib/prepaint/prePaint.ts', 'main.tsx'].map(src);
  const signedOutPages = ['features/auth/AuthPage.tsx', 'features/connectedApps/ConnectedAppsPage.tsx', 'features/notFound/NotFoundPage.tsx', 'features/notFound/CloudsNotFoundPage.tsx'].map(src);

  let firstScreen = new Set<string>();
  let afterFirstScreen = new Set<string>();

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
      const signedOut = new Set([...closure(everyPage, false), ...closure(signedOutPages, true)]);
      // What app/signedInChunks loads (layout, host page, signed-in start, translations): one list.
      const firstScreenRoots = [...(links(signedInChunks)?.dynamicallyImportedIds ?? [])];
      const first = new Set([...closure(firstScreenRoots, false)].filter((id) => !signedOut.has(id)));
      const after = new Set([...closure(afterFirstScreenRoots, false)].filter((id) => !signedOut.has(id)));
      // A package's modules both sides reach are left to the bundler, which splits them by what
      // each side uses: following a package's index reaches all of it, the toast and menu machines
      // too, which only the after-first-screen code uses.
      const sharedPackage = (id: string) => !id.startsWith(src('')) && first.has(id) && after.has(id);
      firstScreen = new Set([...first].filter((id) => !sharedPackage(id)));
      afterFirstScreen = new Set([...after].filter((id) => !first.has(id)));
    },
  };
  // Exactly the computed modules: following a module's imports into a group would pull the
  // signed-out pages' shared modules into it (and so the group into those pages).
  const groups: Rolldown.CodeSplittingGroup[] = [
    { name: 'signed-in', test: (id) => firstScreen.has(id), priority: 5, includeDependenciesRecursively: false },
    { name: 'after-first-screen', test: (id) => afterFirstScreen.has(id), priority: 4, includeDependenciesRecursively: false },
  ];
  return { plugin, groups };
}
