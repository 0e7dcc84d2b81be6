import type { DBSchema } from 'idb';
import { idbOpener } from '../idbOpener';
import { databases } from '../protocol';

/**
 * The kept brands' database, opened here once for its owner (lib/branding/brandStore) and for the
 * inventory's forgetting (core/inventory/forgetStored), which the service worker runs too.
 */
export interface BrandDb extends DBSchema {
  brands: { key: string; value: { branding: unknown; resources: unknown; savedAt: number } };
}

export const brandDb = idbOpener<BrandDb>(databases.brand.name, databases.brand.version, (database) => {
  database.createObjectStore(databases.brand.stores.brands);
});

export async function clearBrands(): Promise<void> {
  try {
    await (await brandDb()).clear('brands');
  } catch {
    // nothing kept, or nothing we can reach
  }
}
