import type { RuntimeConfig } from '../../config/runtimeConfig';
import { defaultAuthClientSettings, readAuthClientSettings, sessionKeys, writeKv, type AuthClientSettings } from '../../core/session/sessionDb';
import { syncSessionFromStorage } from './sessionAtoms';

/**
 * Start-up of the session layer in a tab: the service worker learns the login-client settings from
 * IndexedDB, and the tab's atoms mirror the stored session.
 */
export async function startSession(config: RuntimeConfig): Promise<void> {
  const { authClient } = config;
  const client: AuthClientSettings = {
    clientId: authClient.clientId,
    tokenEndpoint: authClient.tokenEndpoint ?? defaultAuthClientSettings.tokenEndpoint,
    refreshGraceSeconds: authClient.refreshGraceSeconds,
  };
  if (authClient.oidc) {
    // The endpoints found by discovery at the last OIDC sign-in (lib/auth/ssoFlow) stay while the
    // issuer is the same: refresh grants go to its token endpoint unless one is configured.
    const stored = await readAuthClientSettings().catch(() => null);
    const discovered = stored?.issuer === authClient.issuer ? stored : null;
    client.issuer = authClient.issuer;
    client.tokenEndpoint = authClient.tokenEndpoint ?? discovered?.tokenEndpoint ?? client.tokenEndpoint;
    client.revocationEndpoint = discovered?.revocationEndpoint ?? null;
    client.endSessionEndpoint = authClient.logoutUrl ?? discovered?.endSessionEndpoint ?? null;
  }
  try {
    await writeKv(sessionKeys.authClient, client);
  } catch (error) {
    // IndexedDB unavailable: the page pipeline still works from defaults; say why in the console.
    console.error('Session storage unavailable', error);
  }
  await syncSessionFromStorage();
}
