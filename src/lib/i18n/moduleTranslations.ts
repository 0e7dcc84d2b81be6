import i18next from 'i18next';
import { appStore } from '../../state/jotai';
import { sessionAtom } from '../../session/page/sessionAtoms';
import type { LoadedTranslations, TranslationMap } from './translations';
import { loadModuleTranslationMap } from './tenantTranslations';
import { isModuleName } from './moduleName';
import { installTranslations } from './runtime';

/**
 * Tenant-custom module translations, loaded on demand (micro-frontends). Each module is its own
 * i18next namespace (`i18next.t(key, { ns: module })`); a module once loaded follows
 * every later language change.
 */
const loadedModules = new Set<string>();

function signedInTenant(): string | null {
  const { isLoggedIn, claims } = appStore.get(sessionAtom);
  return isLoggedIn && claims ? claims.tenantGuid : null;
}

/**
 * Loads one module's translations for the current (or the given) language and installs them as
 * the namespace `module`. Signed out, or for an invalid module name, nothing is loaded (the route
 * needs a bearer) and an empty map is returned.
 */
export async function loadModuleTranslations(module: string, lang: string = i18next.language): Promise<TranslationMap> {
  const tenantId = signedInTenant();
  if (!tenantId || !isModuleName(module)) return {};
  loadedModules.add(module);
  const loaded = await loadModuleTranslationMap(module, lang, tenantId);
  installTranslations(lang, loaded, module);
  return loaded.map;
}

/** The loaded modules' translations in another language (installed by the caller with the switch). */
export async function reloadModuleTranslations(lang: string, tenantId: string): Promise<Map<string, LoadedTranslations>> {
  const result = new Map<string, LoadedTranslations>();
  await Promise.all(
    [...loadedModules].map(async (module) => {
      result.set(module, await loadModuleTranslationMap(module, lang, tenantId));
    }),
  );
  return result;
}
