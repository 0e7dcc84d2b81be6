/**
 * How the shell presents the member's token to this run's platform: as `DPoP` with a proof (the
 * emulator's default, contract "Sender-constrained tokens"), or as `Bearer` when the run turns the
 * emulator's DPoP off (`EMULATOR_DPOP=0`), so the suites prove both modes.
 */
export const tokenScheme: 'DPoP' | 'Bearer' = process.env.EMULATOR_DPOP === '0' ? 'Bearer' : 'DPoP';

/** The member's token as this run's platform expects it in `Authorization`. */
export const memberCredential = new RegExp(`^${tokenScheme} [\\w-]+\\.[\\w-]+\\.[\\w-]+$`);

/** What the request log says of a member's call's proof in this run. */
export const proofVerdict: 'valid' | 'absent' = tokenScheme === 'DPoP' ? 'valid' : 'absent';

/** The access token an `Authorization` header carries, whatever its scheme. */
export const presentedToken = (authorization: string | undefined): string => (authorization ?? '').replace(/^(Bearer|DPoP) /, '');
