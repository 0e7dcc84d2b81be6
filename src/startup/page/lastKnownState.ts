import * as z from 'zod/mini';
import { deleteKv, isAnything, readKv } from '../../session/core/sessionDb';
import { writeKvForScope } from '../../session/core/sessionScope';
import { lastKnownStateKey } from './startKind';
import { languageSchema } from '../../lib/auth/anonymousState';
import {
  accessLevelSchema,
  contentObjectSchema,
  currentUserSchema,
  dateTimePreferenceSchema,
  navigationConfigSchema,
  orgGroupUserSchema,
  tenantSchema,
  toolPreferencesSchema,
} from '../../lib/state/globalStateTypes';

/**
 * The signed-in state last loaded from the platform, kept in IndexedDB so a reload without network
 * shows the same member, tenant and chrome. One copy, for one member, tenant, organisation group
 * and role (`claims` `memberScopeKey`); it is checked on the way back in (storage can be corrupt),
 * read only under its own scope, and deleted at sign-out and at a switch.
 */
const lastKnownStateSchema = z.lazy(() => z.object({
  scopeKey: z.string(),
  permissions: z.array(z.string()),
  languages: z.array(languageSchema),
  user: z.nullable(currentUserSchema),
  tenant: z.nullable(tenantSchema),
  tenants: z.nullable(z.array(tenantSchema)),
  settings: z.nullable(dateTimePreferenceSchema),
  accessLevel: z.nullable(accessLevelSchema),
  orgGroupUsers: z.array(orgGroupUserSchema),
  navigation: navigationConfigSchema,
  version: z.string(),
  content: z.nullable(contentObjectSchema),
  toolPreferences: z.nullable(toolPreferencesSchema),
}));

export type LastKnownState = z.infer<typeof lastKnownStateSchema>;

const key = lastKnownStateKey;

export async function readLastKnownState(scopeKey: string): Promise<LastKnownState | null> {
  const parsed = lastKnownStateSchema.safeParse(await readKv(key, isAnything));
  return parsed.success && parsed.data.scopeKey === scopeKey ? parsed.data : null;
}

/**
 * Keeps the copy only if its scope (its scopeKey) and `language` (the one it was loaded in) are
 * still the signed-in ones when it is written, checked in the same IndexedDB transaction as the
 * write: a load that outlived a sign-out or a switch keeps nothing.
 */
export async function writeLastKnownState(state: LastKnownState, language: string): Promise<boolean> {
  return writeKvForScope({ [key]: state }, state.scopeKey, language);
}

export async function clearLastKnownState(): Promise<void> {
  try {
    await deleteKv(key);
  } catch {
    // nothing stored
  }
}
