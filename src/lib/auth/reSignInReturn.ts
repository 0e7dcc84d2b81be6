/**
 * The popup's side of signing in again over a page (`reSignInPopup.ts`): the identity provider
 * sends the popup back to /auth with ?code&state. When that state is the one the page asked for,
 * the popup hands its address to the page on a channel (the page exchanges the code with the
 * verifier it kept) and closes; it never signs in itself. A channel, not `window.opener`: the
 * provider's page in between may cut the popup off from its opener (Cross-Origin-Opener-Policy).
 * Tiny on purpose: /auth loads it.
 */
import * as z from 'zod/mini';
import { channels } from '../../core/protocol';
import { storageKeys } from '../storage/keys';
import { readLocal } from '../storage/localStore';

const returnSchema = z.lazy(() => z.object({ type: z.literal('re-sign-in-return'), href: z.string() }));
export type ReSignInReturn = z.infer<typeof returnSchema>;

export function parseReSignInReturn(data: unknown): ReSignInReturn | null {
  const parsed = returnSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** This address is the return of a popup a page opened to sign in again. */
export function isReSignInReturn(search: URLSearchParams): boolean {
  const state = search.get('state');
  return state !== null && (search.has('code') || search.has('error')) && state === readLocal(storageKeys.reSignInState);
}

/** Hands the address to the page that opened the popup, then closes the popup. */
export function handBackReSignIn(href: string): void {
  try {
    const channel = new BroadcastChannel(channels.reSignIn);
    channel.postMessage({ type: 're-sign-in-return', href } satisfies ReSignInReturn);
    channel.close();
  } catch {
    // No BroadcastChannel: the page's popup gives up after its limit, and says so.
  }
  window.close();
}
