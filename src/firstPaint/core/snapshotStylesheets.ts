/** The build's own stylesheets only (hashed names under /assets/): what a kept copy may load. */
export const keptStylesheet = /^\/assets\/[\w.-]+\.css$/;
const maxStylesheets = 24;

/** Of `paths` (kept data, so anything), the build's own stylesheets, each once, at most 24: what a pre-paint may load. */
export function snapshotStylesheets(paths: readonly unknown[]): string[] {
  const kept = paths.filter((path): path is string => typeof path === 'string' && keptStylesheet.test(path));
  return [...new Set(kept)].slice(0, maxStylesheets);
}
