import * as z from 'zod/mini';
import { getValidated } from '../../pipeline/page/getValidated';
import { communityOrigin } from '../../lib/links/communityLinks';
import { storageKeys } from '../../lib/storage/keys';
import { readLocal } from '../../lib/storage/localStore';

const contentSchema = z.lazy(() => z.looseObject({ CommunityAppUrl: z.nullable(z.string()) }));
const noAuthInitSchema = z.lazy(() => z.looseObject({ content: contentSchema }));

function storedCommunityAppUrl(): string | null {
  try {
    const parsed = contentSchema.safeParse(JSON.parse(readLocal(storageKeys.content) ?? 'null'));
    return parsed.success ? parsed.data.CommunityAppUrl : null;
  } catch {
    return null;
  }
}

/**
 * The community app's origin for /auth/connected-apps, which may be opened by a full page load
 * (a new tab) with no signed-in state in memory: the configured origin, else the content object's
 * CommunityAppUrl as loaded, as last stored, or as the platform gives it now (no-auth-init).
 */
export async function resolveCommunityOrigin(configured: string | null, loadedCommunityAppUrl: string | null | undefined): Promise<string | null> {
  const known = communityOrigin(configured, loadedCommunityAppUrl) ?? communityOrigin(null, storedCommunityAppUrl());
  if (known !== null) return known;
  const fresh = await getValidated('/api/global-state/v1/no-auth-init', noAuthInitSchema);
  return communityOrigin(null, fresh?.content.CommunityAppUrl);
}
