import { test } from '@playwright/test';

/** Every persona's password on the emulator. */
export const demoPassword = 'trust-shell-demo';

/**
 * How the shell presents the member's token to this test's platform: as `DPoP` with a proof (the
 * emulator's default, contract "Sender-constrained tokens"), or as `Bearer` where the platform has
 * DPoP off: the `chromium-bearer` project (playwright.config.ts, part of `npm test`) and a run with
 * `EMULATOR_DPOP=0`. So the suites prove both modes.
 */
export function tokenScheme(): 'DPoP' | 'Bearer' {
  return process.env.EMULATOR_DPOP === '0' || test.info().project.metadata.tokenScheme === 'Bearer' ? 'Bearer' : 'DPoP';
}

/** The member's token as this test's platform expects it in `Authorization`. */
export const memberCredential = (): RegExp => new RegExp(`^${tokenScheme()} [\\w-]+\\.[\\w-]+\\.[\\w-]+$`);

/** What the request log says of a member's call's proof in this test. */
export const proofVerdict = (): 'valid' | 'absent' => (tokenScheme() === 'DPoP' ? 'valid' : 'absent');

/** The access token an `Authorization` header carries, whatever its scheme. */
export const presentedToken = (authorization: string | undefined): string => (authorization ?? '').replace(/^(Bearer|DPoP) /, '');

/**
 * The claims of a JWT (an access or refresh token, a DPoP proof, or an Authorization header's token),
 * unchecked: what the platform or the shell put there, typed as the caller expects; {} if unreadable.
 */
export function tokenClaims<T extends object = Record<string, unknown>>(token: string | undefined): T {
  try {
    return JSON.parse(Buffer.from(presentedToken(token).split('.')[1] ?? '', 'base64url').toString('utf8')) as T;
  } catch {
    return {} as T;
  }
}
