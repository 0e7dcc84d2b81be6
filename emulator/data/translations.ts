/**
 * Translation texts. The flat `{ key: text }` files under data/translations are written by hand
 * (another part of the project); this module reads them, re-reads a file when it changes (a long
 * running dev server picks up edits) and never fails: a missing or broken file is an empty map
 * plus one warning.
 */
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export type TranslationMap = Record<string, string>;

export const DEFAULT_TRANSLATIONS_DIR = fileURLToPath(new URL('./translations', import.meta.url));

interface CacheEntry {
  mtimeMs: number;
  map: TranslationMap;
}

export class TranslationFiles {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly warned = new Set<string>();

  constructor(private readonly dir: string = DEFAULT_TRANSLATIONS_DIR) {}

  get(code: string): TranslationMap {
    const file = join(this.dir, `${code}.json`);
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      this.warnOnce(code, `translations file ${file} is missing; serving an empty map`);
      return {};
    }
    const cached = this.cache.get(code);
    if (cached && cached.mtimeMs === mtimeMs) return cached.map;
    const map = this.read(file, code);
    this.cache.set(code, { mtimeMs, map });
    return map;
  }

  private read(file: string, code: string): TranslationMap {
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not a flat object');
      const map: TranslationMap = {};
      for (const [key, value] of Object.entries(parsed)) if (typeof value === 'string' && key.length > 0) map[key] = value;
      this.warned.delete(code);
      return map;
    } catch (error) {
      this.warnOnce(code, `translations file ${file} is unreadable (${String(error)}); serving an empty map`);
      return {};
    }
  }

  private warnOnce(code: string, message: string): void {
    if (this.warned.has(code)) return;
    this.warned.add(code);
    console.warn(`[platform emulator] ${message}`);
  }
}

/**
 * The platform's texts of the translation modules (tenant-custom route `defaultTranslations`); a
 * tenant's own terms are its `moduleTerms` (data/tenants.ts) and what `/__control/module-terms`
 * set. Only "vendor" (the contract's example) is known; any other valid module name answers empty
 * maps (contract).
 */
export const MODULE_TRANSLATIONS: Record<string, Record<string, TranslationMap>> = {
  vendor: {
    'en-us': { VendorPortal: 'Vendor portal', VendorRisk: 'Vendor risk', VendorsUnderReview: 'Vendors under review' },
    'de-de': { VendorPortal: 'Lieferantenportal', VendorRisk: 'Lieferantenrisiko', VendorsUnderReview: 'Lieferanten in Prüfung' },
    ar: { VendorPortal: 'بوابة الموردين', VendorRisk: 'مخاطر الموردين', VendorsUnderReview: 'الموردون قيد المراجعة' },
  },
};
