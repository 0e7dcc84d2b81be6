import { storageKeys } from '../storage/keys';
import { readLocal } from '../storage/localStore';

/** The build's own stylesheets only (hashed names under /assets/). */
export const keptStylesheet = /^\/assets\/[\w.-]+\.css$/;
const maxStylesheets = 24;

/** Of `paths` (kept data, so anything), the build's own stylesheets, at most 24: what a pre-paint may load. */
export function keptStylesheets(paths: readonly unknown[]): string[] {
  return paths.filter((path): path is string => typeof path === 'string' && keptStylesheet.test(path)).slice(0, maxStylesheets);
}

/**
 * Asks for the stylesheets the warm-up note (warmUp.ts) names, preloaded, not applied. The page's
 * first script calls it with a stored session, so they load while the pre-paint's code loads and
 * IndexedDB answers, instead of holding the kept bar's frame back once it is built. In CORS mode,
 * as the bundler's own links ask for them, so both find the one download. Storage is anyone's on
 * this origin: only the build's own stylesheets are asked for, and a missing, stale or corrupt
 * note asks for nothing.
 */
export function preloadKeptStylesheets(): void {
  let note: unknown;
  try {
    note = JSON.parse(readLocal(storageKeys.chromeWarmUp) ?? 'null');
  } catch {
    return;
  }
  const styles = (note as { styles?: unknown } | null)?.styles;
  if (!Array.isArray(styles)) return;
  for (const path of keptStylesheets(styles)) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'style';
    link.crossOrigin = '';
    link.href = path;
    document.head.append(link);
  }
}
