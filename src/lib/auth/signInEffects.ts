/**
 * Runs the sign-in machine's commands (`signIn.ts`) through the modules that own the I/O, and
 * answers the event each one leads to (null when none follows: the page navigates away).
 */
import type { RuntimeConfig } from '../../config/runtimeConfig';
import { paths } from '../../config/paths';
import { requestToken, type TokenResult } from '../../session/core/tokenClient';
import { readStoredAuth } from '../../session/core/sessionDb';
import { createProofKey } from '../../session/core/proofKey';
import { storeSignIn, takeReturnPath } from '../../session/page/session';
import { lookupSamlUserType } from '../../session/page/samlUserType';
import { completeSso, startSso } from './sso';
import type { SignInCommand, SignInEvent } from './signIn';

export interface SignInIo {
  config: RuntimeConfig;
  /** The router's navigation; every move of the sign-in page replaces its history entry. */
  navigate: (to: string) => void;
  /** The address the identity provider sent the browser back to. */
  currentUrl: () => URL;
}

/** The password grant (the sign-in page's, and the dialog's that signs in again over a page). */
export async function requestPasswordGrant(config: RuntimeConfig, email: string, password: string): Promise<TokenResult> {
  const { authClient } = config;
  // Each sign-in proves its grant with a key of its own (DPoP); without WebCrypto the grant goes
  // without a proof, and a platform then answers Bearer tokens as before.
  const proofKey = await createProofKey().catch(() => null);
  return requestToken(
    { grant_type: 'password', username: email, password, client_id: authClient.clientId, scope: authClient.scope },
    authClient.tokenEndpoint ?? undefined,
    { proofKey },
  );
}

export async function runSignInCommand(command: SignInCommand, io: SignInIo): Promise<SignInEvent | null> {
  switch (command.type) {
    case 'look-up-user-type': {
      const type = await lookupSamlUserType(command.email);
      return { type: 'user-type-answered', email: command.email, ssoEnabled: type?.IsEnabled === true };
    }
    case 'start-sso':
      return (await startSso(io.config, command.email)).ok ? null : { type: 'sso-start-failed' };
    case 'request-password-grant':
      return { type: 'grant-answered', email: command.email, result: await requestPasswordGrant(io.config, command.email, command.password) };
    case 'store-sign-in':
      try {
        await storeSignIn(command.granted, command.email);
        return { type: 'stored', ok: true };
      } catch {
        return { type: 'stored', ok: false };
      }
    case 'read-stored-auth':
      return { type: 'stored-auth-read', signedIn: Boolean(await readStoredAuth()) };
    case 'enter-shell':
      io.navigate(takeReturnPath(paths.mfeHost));
      return null;
    case 'leave-sso-return':
      io.navigate(paths.auth);
      return null;
  }
}

/** The identity provider's answer, exchanged (SSO return): the event that starts the machine there. */
export async function completeSsoReturn(io: SignInIo): Promise<SignInEvent> {
  const result = await completeSso(io.config, io.currentUrl());
  return { type: 'sso-answered', result: result.ok ? result : { ok: false } };
}
