import type { Branding } from './brandingAtoms';
import { reviveBranding } from './brandingMapping';
import { databases } from '../../core/protocol';
import { brandDb, clearBrands } from '../../core/branding/brandDb';
import { keepForScope } from '../../session/core/sessionScope';

/**
 * The brand kept for the next start, per scope key (member, tenant, organisation group, role), in
 * its own IndexedDB database (so a start paints the brand before any network answer, offline too),
 * and only under the stored session's scope (`keepForScope`). Read back values are checked again;
 * a blocked or broken IndexedDB just means no kept brand.
 */
export interface StoredBrand {
  branding: Branding;
  resources: Record<string, string>;
}

export const brandDbName = databases.brand.name;
const db = brandDb;

function reviveResources(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return out;
  for (const [name, v] of Object.entries(value)) if (typeof v === 'string') out[name] = v;
  return out;
}

export async function saveBrand(scopeKey: string, brand: StoredBrand): Promise<void> {
  try {
    await keepForScope(
      scopeKey,
      async () => void (await (await db()).put('brands', { ...brand, savedAt: Date.now() }, scopeKey)),
      async () => (await db()).delete('brands', scopeKey),
    );
  } catch {
    // quota or blocked IndexedDB: the next start just paints the default brand first
  }
}

export async function readBrand(scopeKey: string): Promise<StoredBrand | null> {
  try {
    const stored = await (await db()).get('brands', scopeKey);
    const branding = reviveBranding(stored?.branding);
    return branding ? { branding, resources: reviveResources(stored?.resources) } : null;
  } catch {
    return null;
  }
}

export { clearBrands };
