import type { TrustedScriptURL, TrustedTypePolicy, TrustedTypesWindow } from 'trusted-types/lib';
import { trustedTypePolicyNames } from '../../core/trustedTypes';

/**
 * The one way a script address reaches a script sink under Trusted Types (`new Worker`,
 * `serviceWorker.register`, `<script src>`): the policy passes this origin's service worker and
 * built files (/sw.js, /assets/…) and the exact addresses allowed by `allowScriptAddress` (the
 * configured analytics agent); anything else throws. Without Trusted Types (tests, other
 * browsers) the same checks apply and the address stays a string.
 */
const allowed = new Set<string>();
let policy: Pick<TrustedTypePolicy<{ createScriptURL: (url: string) => string }>, 'createScriptURL'> | null | undefined;

/** This build's scripts on this origin: the service worker and hashed files under /assets/. */
function isBuildScript(url: URL): boolean {
  return url.origin === location.origin && !url.search && !url.hash && (url.pathname === '/sw.js' || /^\/assets\/[\w.-]+\.js$/.test(url.pathname));
}

function checked(address: string): string {
  let url: URL;
  try {
    url = new URL(address, location.href);
  } catch {
    throw new TypeError(`Refused script address: ${address}`);
  }
  if (!isBuildScript(url) && !allowed.has(url.href)) throw new TypeError(`Refused script address: ${address}`);
  return address;
}

function getPolicy(): typeof policy {
  if (policy !== undefined) return policy;
  const factory = (globalThis as Partial<TrustedTypesWindow>).trustedTypes;
  policy = factory ? factory.createPolicy(trustedTypePolicyNames.scriptUrl, { createScriptURL: checked }) : null;
  return policy;
}

/** A script address the runtime configuration names (the analytics agent), allowed from now on. */
export function allowScriptAddress(address: string): void {
  allowed.add(new URL(address, location.href).href);
}

/** The address as the script sinks take it; throws (TypeError) for one this policy does not pass. */
export function trustedScriptUrl(address: string): TrustedScriptURL | string {
  const found = getPolicy();
  return found ? found.createScriptURL(address) : checked(address);
}
