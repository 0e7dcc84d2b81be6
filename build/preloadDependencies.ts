import type { Plugin, Rolldown } from 'vite';

/**
 * The files a lazy import asks to preload (the build's `modulePreload.resolveDependencies`), less
 * those its importer already has: the importer's own static imports are loaded and run before its
 * code can ask. Left in, each lazy import of the signed-in start put a `<link rel=modulepreload>`
 * in the page for every one of them (React, the shell core, the runtime…: a document query, an
 * element and an insertion each), and the kept-bar page, which has no modulepreloads, got them
 * all again, in the tasks that start the signed-in code (bench: about a fifth of the app's
 * evaluation under Lighthouse's CPU slowdown). Stylesheets are not touched (Vite keeps them apart).
 */
export function preloadDependencies(): { plugin: Plugin; resolveDependencies: (file: string, deps: string[], context: { hostId: string }) => string[] } {
  let chunks = new Map<string, readonly string[]>();
  const plugin: Plugin = {
    name: 'trust-shell-preload-dependencies',
    apply: 'build',
    // Before Vite's own import analysis writes the preload lists (its generateBundle runs later).
    generateBundle(_options, bundle: Rolldown.OutputBundle) {
      chunks = new Map(Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output.imports] as const] : [])));
    },
  };
  const loadedWith = (host: string): Set<string> => {
    const seen = new Set<string>();
    const queue = [host];
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      if (seen.has(file)) continue;
      seen.add(file);
      queue.push(...(chunks.get(file) ?? []));
    }
    return seen;
  };
  return {
    plugin,
    resolveDependencies: (_file, deps, { hostId }) => {
      const loaded = loadedWith(hostId);
      return deps.filter((dep) => !loaded.has(dep));
    },
  };
}
