import { readKv, sessionKeys } from '../session/sessionDb';
import { readCookie } from './prepareRequest';

/**
 * What the request pipeline needs from the context it runs in. The page and the service worker
 * run the same pipeline; only these three facts are read differently.
 */
export interface PipelineHost {
  origin: string;
  language(): Promise<string>;
  xsrfToken(): Promise<string | null>;
}

const languageCode = /^[a-z]{2,3}(-[a-z0-9]{2,8}){0,2}$/;
const isLanguage = (v: unknown): v is string => typeof v === 'string' && languageCode.test(v);

interface CookieStoreLike {
  get(name: string): Promise<{ value: string } | null | undefined>;
}

export function pipelineHost(): PipelineHost {
  const origin = globalThis.location.origin;
  const language = async () => (await readKv(sessionKeys.language, isLanguage)) ?? 'en-us';
  // Typed loosely on purpose: this module is also compiled for the service worker, which has no DOM.
  const doc = (globalThis as { document?: { cookie: string } }).document;
  if (doc) return { origin, language, xsrfToken: () => Promise.resolve(readCookie(doc.cookie, 'XSRF-TOKEN')) };
  // Workers have no document.cookie; Chromium's service workers have the Cookie Store API.
  const cookieStore = (globalThis as { cookieStore?: CookieStoreLike }).cookieStore;
  return {
    origin,
    language,
    xsrfToken: async () => {
      try {
        return (await cookieStore?.get('XSRF-TOKEN'))?.value ?? null;
      } catch {
        return null;
      }
    },
  };
}
