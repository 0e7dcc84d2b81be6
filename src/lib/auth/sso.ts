/**
 * Single sign-on as the /auth page sees it. This module stays tiny on purpose: the flow itself
 * (oauth4webapi, discovery, ID-token checks) lives in ssoFlow.chunk.ts and is loaded only when an SSO
 * user continues or comes back, keeping /auth within its 150 KB gzip budget.
 */
import type { RuntimeConfig } from '../../config/runtimeConfig';
import type { GrantedTokens } from '../../session/core/tokenClient';
import { emitLoginError, type LoginErrorEventType, type LoginEventType } from './loginEvents';
import type * as SsoFlow from './ssoFlow.chunk';

export type StartSsoResult = { ok: true } | { ok: false; event: LoginEventType };
export type CompleteSsoResult = { ok: true; granted: GrantedTokens; email: string } | { ok: false; event: LoginEventType };

/** Back from the authorization endpoint: state plus a code or an error (RFC 6749 §4.1.2). */
export function isSsoReturn(search: URLSearchParams): boolean {
  return search.has('state') && (search.has('code') || search.has('error'));
}

/**
 * Builds the authorization request and navigates the browser there. Resolves `{ ok: true }` once
 * the navigation has begun, or `{ ok: false, event }` (event emitted and logged) if it cannot.
 */
export async function startSso(config: RuntimeConfig, email: string): Promise<StartSsoResult> {
  // The login client could not even load (e.g. its chunk is unreachable offline): the nearest SPEC
  // event is the one for failing to load what the login needs.
  return runFlow('discovery_document_load_error', async (flow) => {
    await flow.startSsoFlow(config, email);
    return { ok: true };
  });
}

/** React's StrictMode runs the /auth effect twice in development; both share one exchange. */
let inFlight: { href: string; result: Promise<CompleteSsoResult> } | null = null;

/** Checks the return (state, code or error), exchanges the code and, with OIDC on, checks the ID token. */
export function completeSso(config: RuntimeConfig, currentUrl: URL): Promise<CompleteSsoResult> {
  if (inFlight?.href === currentUrl.href) return inFlight.result;
  const result = runFlow<CompleteSsoResult>('token_error', async (flow) => ({ ok: true, ...(await flow.completeSsoFlow(config, currentUrl)) }));
  const entry = { href: currentUrl.href, result };
  inFlight = entry;
  void result.finally(() => {
    if (inFlight === entry) inFlight = null;
  });
  return result;
}

async function runFlow<T>(fallback: LoginErrorEventType, run: (flow: typeof SsoFlow) => Promise<T>): Promise<T | { ok: false; event: LoginEventType }> {
  try {
    return await run(await import('./ssoFlow.chunk'));
  } catch (error) {
    return { ok: false, event: emitLoginError(error, fallback) };
  }
}
