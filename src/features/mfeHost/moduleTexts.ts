import i18next from 'i18next';
import { moduleNameProblem } from '../../lib/i18n/moduleName';
import { missingKeyText } from '../../lib/i18n/runtime';

/** A remote's translate function for one module (host.i18n.module). */
export interface ModuleTexts {
  /**
   * The tenant's text of `key` in the module, in the language on screen now; else `defaultText`,
   * the remote's own; else the key (SPEC §8). Never throws.
   */
  t(key: string, defaultText?: string): string;
}

/** Reads the module's namespace at call time, so the text follows every live language switch. */
export function moduleText(module: string, key: unknown, defaultText?: unknown): string {
  const fallback = typeof defaultText === 'string' ? defaultText : null;
  if (typeof key !== 'string') return fallback ?? '';
  const text: unknown = i18next.getResource(i18next.language, module, key);
  if (typeof text === 'string') return text;
  return fallback ?? missingKeyText(key);
}

const loader = () => import('../../lib/i18n/moduleTranslations');

/**
 * Loads a module's tenant-custom translations for the language on screen (pipeline: cacheable,
 * last good copy; lib/i18n/moduleTranslations) and keeps them following language switches. A name
 * that is not one safe path segment is refused before any call; a failed or off-contract answer
 * leaves the remote's default texts.
 */
export async function openModuleTexts(name: unknown): Promise<ModuleTexts> {
  const problem = moduleNameProblem(name);
  if (problem !== null) throw new TypeError(`host.i18n.module: ${problem}`);
  const module = name as string;
  await ensureModuleLoaded(module);
  return Object.freeze({ t: (key: string, defaultText?: string) => moduleText(module, key, defaultText) });
}

/**
 * The module's texts in the language on screen: loaded unless already there. A switch that was
 * already loading its language when the module was first asked for did not include it, hence the
 * check after a switch too (hostApi's onLanguageChange).
 */
export async function ensureModuleLoaded(module: string, known = false): Promise<void> {
  if (known && i18next.hasResourceBundle(i18next.language, module)) return;
  try {
    await (await loader()).loadModuleTranslations(module);
  } catch (error) {
    console.error(`Translations of module ${module} failed`, error); // the remote's defaults show
  }
}
