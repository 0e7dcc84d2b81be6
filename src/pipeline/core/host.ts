import { readCookie } from './prepareRequest';

/**
 * What the request pipeline needs from the context it runs in. The page and the service worker
 * run the same pipeline; only these facts are read differently.
 */
export interface PipelineHost {
  origin: string;
  xsrfToken(): Promise<string | null>;
  /** Other API origins the access token may go to (runtime config authClient.trustedApiOrigins). */
  trustedApiOrigins: readonly string[];
}

let trustedApiOrigins: readonly string[] = [];

/** Set once the runtime configuration is loaded (the page's; the worker never sends across origins). */
export function trustApiOrigins(origins: readonly string[]): void {
  trustedApiOrigins = Object.freeze([...origins]);
}

interface CookieStoreLike {
  get(name: string): Promise<{ value: string } | null | undefined>;
}

export function pipelineHost(): PipelineHost {
  const origin = globalThis.location.origin;
  // Typed loosely on purpose: this module is also compiled for the service worker, which has no DOM.
  const doc = (globalThis as { document?: { cookie: string } }).document;
  if (doc) return { origin, trustedApiOrigins, xsrfToken: () => Promise.resolve(readCookie(doc.cookie, 'XSRF-TOKEN')) };
  // Workers have no document.cookie; Chromium's service workers have the Cookie Store API.
  const cookieStore = (globalThis as { cookieStore?: CookieStoreLike }).cookieStore;
  return {
    origin,
    trustedApiOrigins,
    xsrfToken: async () => {
      try {
        return (await cookieStore?.get('XSRF-TOKEN'))?.value ?? null;
      } catch {
        return null;
      }
    },
  };
}
