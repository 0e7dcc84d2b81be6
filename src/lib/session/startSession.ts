import type { RuntimeConfig } from '../../config/runtimeConfig';
import { sessionKeys, writeKv, type AuthClientSettings } from '../../core/session/sessionDb';
import { syncSessionFromStorage } from './sessionAtoms';
import { defaultTokenPath } from '../../core/protocol';

/**
 * Start-up of the session layer in a tab: the service worker learns the login-client settings from
 * IndexedDB, and the tab's atoms mirror the stored session.
 */
export async function startSession(config: RuntimeConfig): Promise<void> {
  const client: AuthClientSettings = {
    clientId: config.authClient.clientId,
    tokenEndpoint: config.authClient.tokenEndpoint ?? defaultTokenPath,
  };
  try {
    await writeKv(sessionKeys.authClient, client);
  } catch (error) {
    // IndexedDB unavailable: the page pipeline still works from defaults; say why in the console.
    console.error('Session storage unavailable', error);
  }
  await syncSessionFromStorage();
}
