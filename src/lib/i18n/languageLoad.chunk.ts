import type { CatalogueOwner, LoadedTranslations } from './translations';
import { loadTenantTranslations } from './tenantTranslations';
import { seedSourceFor } from './seedSource';
import { reloadModuleTranslations } from './moduleTranslations';

export interface SignedInLanguageLoad {
  loaded: LoadedTranslations | null;
  /** The loaded modules' translations in the same language, by module (namespace). */
  modules: Map<string, LoadedTranslations>;
}

/**
 * A language's signed-in translations: the v2 tenant answer over the seeds, and every module
 * already loaded. Its own chunk: the sign-in page never needs it.
 */
export async function loadSignedInLanguage(lang: string, owner: CatalogueOwner): Promise<SignedInLanguageLoad> {
  const [loaded, modules] = await Promise.all([
    seedSourceFor(owner.tenantId).then((seed) => loadTenantTranslations(lang, owner, seed)),
    reloadModuleTranslations(lang, owner.tenantId),
  ]);
  return { loaded, modules };
}
