import type * as Dpop from './dpop';

/**
 * Where a context finds the DPoP signer (`dpop.ts`, oauth4webapi). Each host passes it in: the
 * service worker bundles it (a worker may not import code on demand), the page and the
 * organisation-tree worker load it on demand, so a Bearer session and the sign-in page's first
 * load never evaluate it. Core modules ask here rather than importing it themselves.
 */
export type DpopModule = typeof Dpop;

let load: (() => Promise<DpopModule>) | null = null;

export function provideDpop(loader: () => Promise<DpopModule>): void {
  load = loader;
}

export function dpopModule(): Promise<DpopModule> {
  return load ? load() : Promise.reject(new Error('No DPoP signer was provided in this context'));
}
