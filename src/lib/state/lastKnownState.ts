import * as z from 'zod/mini';
import { deleteKv, readKv, writeKv } from '../../core/session/sessionDb';
import { languageSchema } from '../auth/anonymousState';
import {
  accessLevelSchema,
  contentObjectSchema,
  currentUserSchema,
  dateTimePreferenceSchema,
  navigationConfigSchema,
  orgGroupUserSchema,
  tenantSchema,
  toolPreferencesSchema,
} from './globalStateTypes';

/**
 * The signed-in state last loaded from the platform, kept in IndexedDB so a reload without network
 * shows the same member, tenant and chrome (issue 5 item 11). One copy, for one member and tenant;
 * it is checked on the way back in (storage can be corrupt) and deleted on sign-out.
 */
const lastKnownStateSchema = z.object({
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
});

export type LastKnownState = z.infer<typeof lastKnownStateSchema>;

const key = 'lastKnownState';
const isAnything = (value: unknown): value is unknown => value !== undefined;

export async function readLastKnownState(scopeKey: string): Promise<LastKnownState | null> {
  const parsed = lastKnownStateSchema.safeParse(await readKv(key, isAnything));
  return parsed.success && parsed.data.scopeKey === scopeKey ? parsed.data : null;
}

export async function writeLastKnownState(state: LastKnownState): Promise<void> {
  try {
    await writeKv(key, state);
  } catch {
    // Storage full or blocked: the shell still works, it just cannot start offline next time.
  }
}

export async function clearLastKnownState(): Promise<void> {
  try {
    await deleteKv(key);
  } catch {
    // nothing stored
  }
}
