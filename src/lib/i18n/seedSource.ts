import * as z from 'zod/mini';
import { appStore } from '../../state/jotai';
import { runtimeConfigAtom } from '../../config/configAtom';
import { apiFetch } from '../../pipeline/page/apiFetch';
import { storageKeys } from '../storage/keys';
import { readLocal } from '../storage/localStore';
import { isSeedSkipped, seedTranslationUrl, type SeedSource } from './tenantTranslations';

/** Contract ContentAttribute: {Key, Value}, Value always text. */
const attributeListSchema = z.lazy(() => z.array(z.object({ Key: z.string(), Value: z.string() })));
type ContentAttribute = z.infer<typeof attributeListSchema>[number];

/** The attributes of the content object kept from the anonymous state (contract ContentObject.Attributes). */
function storedContentAttributes(): ContentAttribute[] {
  try {
    const content = JSON.parse(readLocal(storageKeys.content) ?? 'null') as { Attributes?: unknown } | null;
    const parsed = attributeListSchema.safeParse(content?.Attributes);
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

let attributesCache: { tenantId: string; attributes: Promise<ContentAttribute[] | null> } | null = null;

/**
 * GET content attributes (signed in), once per tenant and page: the seed source and the content
 * object both read it. Null when the call failed (not kept, so the next caller asks again).
 */
export function signedInContentAttributes(tenantId: string): Promise<ContentAttribute[] | null> {
  if (attributesCache?.tenantId !== tenantId) {
    const attributes = (async () => {
      try {
        const response = await apiFetch('/api/content/v1/attributes/auth');
        if (!response.ok) return null;
        const parsed = attributeListSchema.safeParse(await response.json());
        return parsed.success ? parsed.data : null;
      } catch {
        return null; // offline
      }
    })();
    attributesCache = { tenantId, attributes };
    void attributes.then((list) => {
      if (list === null && attributesCache?.attributes === attributes) attributesCache = null;
    });
  }
  return attributesCache.attributes;
}

/** Signed-in content attributes; failure → the stored anonymous ones, else an empty list (contract). */
async function contentAttributes(tenantId: string): Promise<ContentAttribute[]> {
  return (await signedInContentAttributes(tenantId)) ?? storedContentAttributes();
}

/** Builds the seed source from the runtime configuration, the attributes and the current host. */
export function seedSourceFrom(
  attributes: readonly ContentAttribute[],
  configUrl: string | null,
  location: { hostname: string; host: string },
): SeedSource {
  const value = (key: string) => attributes.find((a) => a.Key === key)?.Value ?? null;
  if (isSeedSkipped(location, value('seedTranslationDomains'))) return { urlFor: () => null };
  const attributeUrl = value('seedTranslationUrl');
  return { urlFor: (lang) => seedTranslationUrl(lang, configUrl, attributeUrl) };
}

let cached: { tenantId: string; source: Promise<SeedSource> } | null = null;

/** The seed source of the signed-in tenant, read once per tenant and page. */
export function seedSourceFor(tenantId: string): Promise<SeedSource> {
  if (cached?.tenantId !== tenantId) {
    const source = contentAttributes(tenantId).then((attributes) =>
      seedSourceFrom(attributes, appStore.get(runtimeConfigAtom).seedTranslationUrl, globalThis.location),
    );
    cached = { tenantId, source };
  }
  return cached.source;
}
