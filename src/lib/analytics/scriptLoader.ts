import { allowScriptAddress, trustedScriptUrl } from '../trustedTypes/scriptUrls';

/** One load per address: a second start (opt back in) reuses the script instead of adding it again. */
const loads = new Map<string, Promise<void>>();

/** Adds `<script async src>` once; rejects when the browser reports that it could not load it. */
export function loadScript(src: string, doc: Document = document): Promise<void> {
  const known = loads.get(src);
  if (known) return known;
  const load = new Promise<void>((resolve, reject) => {
    const script = doc.createElement('script');
    script.async = true;
    // The configured agent's address only (the caller's): under Trusted Types through the
    // script-address policy, which the DOM types do not know.
    allowScriptAddress(src);
    script.src = trustedScriptUrl(src) as string;
    script.dataset.analyticsAgent = '';
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error(`analytics script ${src} did not load`));
    });
    doc.head.append(script);
  });
  // A failed load may be retried on the next start (e.g. after going back online).
  load.catch(() => loads.delete(src));
  loads.set(src, load);
  return load;
}
