import i18next from 'i18next';
import { apiFetch, trustedApiFetch } from '../../lib/api/apiFetch';
import { pipelineHost } from '../../core/pipeline/host';
import { appStore } from '../../state/jotai';
import { sessionAtom } from '../../lib/session/sessionAtoms';
import { permissionsAtom } from '../../lib/state/signedInState';
import { toast, type ToastOptions } from '../../components/toast/toast';
import { onSaveRequested } from '../../lib/session/saveEvent';

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
  i18n: { t(key: string, options?: Record<string, unknown>): string; language(): string };
  navigation: { navigate(path: string): void; search(): string };
  /** The shell's toasts (translation keys, max 4, bottom-right); returns the toast's id. */
  toast: { show(options: ToastOptions): string };
  /**
   * Called when the session times out, before sign-out: save open work now. Return a promise to
   * make sign-out wait for it (up to 10 s). Returns the unsubscribe; unmounting unsubscribes too.
   */
  onSave(listener: () => unknown): () => void;
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
  };
}
