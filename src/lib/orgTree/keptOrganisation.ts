import * as z from 'zod/mini';
import { isAnything, readKv } from '../../session/core/sessionDb';
import { keptOrganisationKey } from '../../session/core/sessionKeys';
import { writeKvForScope } from '../../session/core/sessionScope';
import type { CurrentOrganisation } from '../../core/orgTree/orgTreeEngine';

/**
 * The organisation the bar last named, for one member, tenant, organisation group and role: a warm
 * start names it (as the kept copy of the bar did) while the tree is read, instead of "Loading…",
 * which changed the control's words and width as the live chrome replaced the copy. Checked on the
 * way back in (storage can be corrupt) and read only under its own scope; it goes at a switch and
 * at sign-out (core/inventory).
 */
const keptOrganisationSchema = z.lazy(() => z.object({ scopeKey: z.string(), Id: z.string(), Name: z.string() }));

export async function readKeptOrganisation(scopeKey: string): Promise<CurrentOrganisation | null> {
  const parsed = keptOrganisationSchema.safeParse(await readKv(keptOrganisationKey, isAnything));
  return parsed.success && parsed.data.scopeKey === scopeKey ? { Id: parsed.data.Id, Name: parsed.data.Name } : null;
}

/** Kept only while `scopeKey` is the stored session's, checked in the write's own transaction. */
export function keepOrganisation(scopeKey: string, organisation: CurrentOrganisation): Promise<boolean> {
  return writeKvForScope({ [keptOrganisationKey]: { scopeKey, Id: organisation.Id, Name: organisation.Name } }, scopeKey);
}
