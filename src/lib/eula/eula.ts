import * as z from 'zod/mini';
import { getValidated } from '../../pipeline/page/getValidated';
import { apiFetch } from '../../pipeline/page/apiFetch';
import { refreshSession } from '../../session/core/refresh';
import { readClaims } from '../../session/core/sessionDb';

/** Contract Eula: the agreement the member must accept (Html is server HTML, shown only through SafeHtml). */
const eulaSchema = z.lazy(() => z.object({ Version: z.string().check(z.minLength(1), z.maxLength(64)), Html: z.string() }));
export type Eula = z.infer<typeof eulaSchema>;

/** Contract getEula; null for a failure or an answer off the contract (the page shows its failure state). */
export function loadEula(): Promise<Eula | null> {
  return getValidated('/api/access/v1/eula', eulaSchema);
}

/** Contract ApiError, only as far as the acceptance needs it: which field a 400 names. */
const apiErrorField = z.lazy(() => z.object({ field: z.optional(z.nullable(z.string())) }));

export type AcceptOutcome =
  | 'accepted' // recorded, and the refreshed tokens carry the member's own role
  | 'changed' // 400 on Version: the agreement changed meanwhile
  | 'failed'; // anything else: the member may try again


/** True while the stored access token still carries the AcceptEula virtual role. */
export async function needsEula(): Promise<boolean> {
  const claims = (await readClaims());
  return claims?.virtualRole === true && claims.role === 'AcceptEula';
}

/**
 * Contract acceptEula: posts the shown Version, then one refresh grant, which issues tokens without
 * the virtual role. Only 'accepted' when that refresh really dropped it, so the member is never
 * sent on to be bounced back to /eula.
 */
export async function acceptEula(version: string): Promise<AcceptOutcome> {
  let response: Response;
  try {
    response = await apiFetch('/api/access/v1/eula/acceptance', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ Version: version }),
    });
  } catch {
    return 'failed';
  }
  if (response.status === 400) {
    const body = apiErrorField.safeParse(await response.json().catch(() => null));
    return body.success && body.data.field === 'Version' ? 'changed' : 'failed';
  }
  if (!response.ok) return 'failed';
  const outcome = await refreshSession();
  if (outcome !== 'refreshed') return 'failed';
  return (await needsEula()) ? 'failed' : 'accepted';
}
