import type { RuntimeConfig } from '../../config/runtimeConfig';
import { setConfiguredLogin, trustedSettings } from '../core/loginEndpoints';
import { defaultAuthClientSettings, readStoredAuthClient, sessionKeys, writeKv, type AuthClientSettings } from '../core/sessionDb';
import { syncSessionFromStorage } from './sessionAtoms';

/**
 * Start-up of the session layer in a tab: the service worker learns the login-client settings from
 * IndexedDB, and the tab's atoms mirror the stored session.
 */
export async function startSession(config: RuntimeConfig): Promise<void> {
  const { authClient } = config;
  // Every reader of the stored copy checks its endpoints against this (session/core/loginEndpoints).
  setConfiguredLogin(authClient);
  // The endpoints found by discovery at the last OIDC sign-in (lib/auth/ssoFlow.chunk) stay while the
  // issuer is the same and they pass the origin rule: refresh grants go to its token endpoint
  // unless one is configured. The copy is for the service worker, which re-checks it too.
  const stored = authClient.oidc ? await readStoredAuthClient().catch(() => null) : null;
  const client: AuthClientSettings = {
    ...trustedSettings(stored ?? defaultAuthClientSettings, authClient, location.origin),
    clientId: authClient.clientId,
    refreshGraceSeconds: authClient.refreshGraceSeconds,
  };
  try {
    await writeKv(sessionKeys.authClient, client);
  } catch (error) {
    // IndexedDB unavailable: the page pipeline still works from defaults; say why in the console.
    console.error('Session storage unavailable', error);
  }
  await syncSessionFromStorage();
}
