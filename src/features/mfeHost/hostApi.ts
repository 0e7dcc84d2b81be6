import i18next from 'i18next';
import { apiFetch, trustedApiFetch } from '../../pipeline/page/apiFetch';
import { pipelineHost } from '../../pipeline/core/host';
import { appStore } from '../../state/jotai';
import { sessionAtom } from '../../session/page/sessionAtoms';
import { permissionsAtom } from '../../lib/state/signedInState';
import { toast, type ToastOptions } from '../../components/toast/toast';
import { onSaveRequested } from '../../session/page/saveEvent';
import { ensureModuleLoaded, openModuleTexts, type ModuleTexts } from './moduleTexts';
import { declareUnsavedWork } from '../../lib/forms/unsavedWork';

/**
 * The documented host API a micro-frontend receives in mount(element, host). A remote never sees
 * a token: its platform calls go through the shell's request pipeline (bearer, tenant prefix,
 * language, refresh and retry), and it reads the session only as plain, frozen values.
 */
export interface HostSession {
  readonly isLoggedIn: boolean;
  readonly userName: string;
  readonly tenantGuid: string | null;
  readonly orgGroupGuid: string | null;
  readonly role: string | null;
  readonly permissions: readonly string[];
}

export interface ShellHostApi {
  /**
   * A platform call through the request pipeline (same-origin /api/ paths), or a call to a trusted
   * API origin's absolute URL, which carries the access token and nothing else of the pipeline.
   */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** The current session, read-only. */
  session(): HostSession;
  i18n: {
    t(key: string, options?: Record<string, unknown>): string;
    language(): string;
    /**
     * The tenant's own terms of a module (SPEC §7 tenant-custom translations): resolves to its
     * translate function, which follows live language switches. `name` must be one safe path
     * segment (`[A-Za-z0-9_-]{1,64}`), else the promise rejects with a TypeError saying so.
     */
    module(name: string): Promise<ModuleTexts>;
    /**
     * Called after a live language switch, once the opened modules' texts are in the new language:
     * render the texts again. Returns the unsubscribe; unmounting unsubscribes too.
     */
    onLanguageChange(listener: (language: string) => void): () => void;
  };
  navigation: { navigate(path: string): void; search(): string };
  /** The shell's toasts (translation keys, max 4, bottom-right); returns the toast's id. */
  toast: { show(options: ToastOptions): string };
  /**
   * Called when the session times out, before sign-out: save open work now. Return a promise to
   * make sign-out wait for it (up to 10 s). Returns the unsubscribe; unmounting unsubscribes too.
   */
  onSave(listener: () => unknown): () => void;
  /**
   * True while the remote holds input not yet saved: a session that ends meanwhile keeps the page,
   * and the member signs in again over it. Unmounting clears it.
   */
  unsavedWork(dirty: boolean): void;
  /**
   * The shell's sales flows: the upgrade modal (Start Trial, Buy Now), and a renewal
   * request (its case, then the received modal). The shell shows every outcome itself.
   */
  sales: { openUpgrade(): void; requestRenewal(): Promise<void> };
}

export type MountFunction = (element: HTMLElement, host: ShellHostApi) => (() => void) | void;

export function isPlatformCallPath(path: string): boolean {
  return path.startsWith('/api/') && !path.startsWith('//');
}

/** The URL when `path` is an absolute address at a trusted API origin (SPEC §7 "allowed URLs"), else null. */
export function trustedApiUrl(path: string): URL | null {
  if (!/^https?:\/\//i.test(path)) return null;
  try {
    const url = new URL(path);
    return pipelineHost().trustedApiOrigins.includes(url.origin) ? url : null;
  } catch {
    return null;
  }
}

/** `unmounted` ends what the remote subscribed to when the host page unmounts it. */
export function createHostApi(navigate: (path: string) => void, unmounted?: AbortSignal): ShellHostApi {
  const modules = new Set<string>();
  const work = declareUnsavedWork();
  unmounted?.addEventListener('abort', work.release, { once: true });
  return {
    fetch(path, init) {
      const trusted = trustedApiUrl(path);
      if (trusted) return trustedApiFetch(trusted, init);
      if (!isPlatformCallPath(path)) return Promise.reject(new TypeError(`host.fetch only calls the platform (/api/...) or a trusted API origin, not ${path}`));
      return apiFetch(path, init);
    },
    session() {
      const session = appStore.get(sessionAtom);
      return Object.freeze({
        isLoggedIn: session.isLoggedIn,
        userName: session.userName,
        tenantGuid: session.claims?.tenantGuid ?? null,
        orgGroupGuid: session.claims?.orgGroupGuid ?? null,
        role: session.claims?.role ?? null,
        permissions: Object.freeze([...appStore.get(permissionsAtom)]),
      });
    },
    i18n: {
      t: (key, options) => i18next.t(key, options),
      language: () => i18next.language,
      module: async (name) => {
        const texts = await openModuleTexts(name);
        modules.add(name);
        return texts;
      },
      onLanguageChange(listener) {
        if (unmounted?.aborted) return () => undefined;
        let live = true;
        const changed = (language: string) => {
          // After the shell's switch, never inside it: a remote's error cannot stop the switch.
          void Promise.all([...modules].map((module) => ensureModuleLoaded(module, true))).then(() => {
            if (!live || i18next.language !== language) return;
            try {
              listener(language);
            } catch (error) {
              console.error('A micro-frontend failed on a language change', error);
            }
          });
        };
        i18next.on('languageChanged', changed);
        const off = () => {
          live = false;
          i18next.off('languageChanged', changed);
        };
        unmounted?.addEventListener('abort', off, { once: true });
        return off;
      },
    },
    navigation: {
      navigate: (path) => {
        // Only in-app paths: a remote cannot send the member off-site through the shell.
        if (path.startsWith('/') && !path.startsWith('//')) navigate(path);
      },
      search: () => window.location.search,
    },
    toast: { show: (options) => toast.show(options) },
    // The sales flow's code loads when a remote first asks for it.
    sales: {
      openUpgrade: () => void import('../../lib/sales/salesFlow').then((m) => m.openUpgrade()),
      requestRenewal: async () => (await import('../../lib/sales/salesFlow')).requestRenewal(),
    },
    onSave(listener) {
      if (unmounted?.aborted) return () => undefined;
      const off = onSaveRequested(listener);
      unmounted?.addEventListener('abort', off, { once: true });
      return off;
    },
    unsavedWork(dirty) {
      work.set(dirty === true && !unmounted?.aborted);
    },
  };
}
