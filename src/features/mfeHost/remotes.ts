import type { RuntimeConfig } from '../../config/runtimeConfig';
import type { MountFunction } from './hostApi';

type MicroFrontend = RuntimeConfig['microFrontends'][number];

/** The remote for a path below /mfe-host: the longest configured route that prefixes it, else the first. */
export function remoteForPath(remotes: readonly MicroFrontend[], subPath: string): MicroFrontend | null {
  const path = subPath.replace(/^\/+|\/+$/g, '');
  const matches = remotes.filter((r) => path === r.route || path.startsWith(`${r.route}/`));
  matches.sort((a, b) => b.route.length - a.route.length);
  return matches[0] ?? (path === '' ? (remotes[0] ?? null) : null);
}

/** A module address the shell may load: a same-origin path or an http(s) URL from the configuration. */
export function isLoadableModuleUrl(url: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    return ['https:', 'http:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

export async function loadRemote(moduleUrl: string): Promise<MountFunction> {
  if (!isLoadableModuleUrl(moduleUrl)) throw new Error(`Refusing to load a micro-frontend from ${moduleUrl}`);
  const module = (await import(/* @vite-ignore */ moduleUrl)) as { default?: unknown };
  if (typeof module.default !== 'function') throw new Error(`${moduleUrl} has no default mount function`);
  return module.default as MountFunction;
}
