import { snapshotStylesheets } from '../core/snapshotStylesheets';
import { storageKeys } from '../../lib/storage/keys';
import { readLocal } from '../../lib/storage/localStore';

/** The first script's links to the noted stylesheets, by path: whether each has loaded. */
const applied = new Map<string, Promise<boolean>>();

/**
 * Links the stylesheets the warm-up note (warmUp.ts) names. The page's first script calls it with
 * a stored session, so they load and are parsed while the pre-paint's code loads and IndexedDB
 * answers, instead of holding the kept bar's frame back once it is built (a preload still left
 * the parse and the load event to wait for then). They are the signed-in layout's own, whose rules
 * are all under its classes: on a page that shows something else they style nothing. In CORS
 * mode, as the bundler's own links ask for them, so its lazy chunks find these. Storage is
 * anyone's on this origin: only the build's own stylesheets are linked, and a missing, stale or
 * corrupt note links nothing.
 */
export function linkKeptStylesheets(): void {
  let note: unknown;
  try {
    note = JSON.parse(readLocal(storageKeys.chromeWarmUp) ?? 'null');
  } catch {
    return;
  }
  const styles = (note as { styles?: unknown } | null)?.styles;
  if (!Array.isArray(styles)) return;
  // A page the service worker served with the kept bar links them already (firstPaint/core/servedDocument).
  for (const path of snapshotStylesheets(styles)) if (!document.querySelector(`link[rel="stylesheet"][href="${path}"]`)) applied.set(path, linkStylesheet(path));
}

/** Whether the first script's link to `path` has loaded (false: it failed); undefined when it made none. */
export function linkedStylesheet(path: string): Promise<boolean> | undefined {
  return applied.get(path);
}

/** A stylesheet link to `path`, in CORS mode as the bundler's own links: whether it loaded (false: it failed). */
export function linkStylesheet(path: string): Promise<boolean> {
  const link = document.createElement('link');
  const loaded = loadOutcome(link);
  link.crossOrigin = '';
  link.rel = 'stylesheet';
  link.href = path;
  document.head.append(link);
  return loaded;
}

/** Whether `link`'s next load ends loaded (true) or failed (false). */
export function loadOutcome(link: HTMLLinkElement): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    link.addEventListener('load', () => resolve(true), { once: true });
    link.addEventListener('error', () => resolve(false), { once: true });
  });
}
