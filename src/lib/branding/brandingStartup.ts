import { appStore } from '../../state/jotai';
import { brandingAtom, brandingResourcesAtom, type Branding } from './brandingAtoms';
import { mapBranding, mapResources } from './brandingMapping';
import { brandPaint } from './brandPaint';
import { clearDocumentBrand, paintDocument } from './brandDom';
import { clearBrands, readBrand, saveBrand } from './brandStore';

/**
 * Branding, called by the global-state loader (apply), the main guard (paint the kept
 * brand) and sign-out (reset).
 */
export interface SignedInBrandingInput {
  /** `branding` of the init answer (unvalidated: checked field by field). */
  branding: unknown;
  /**
   * `resources` of the init answer (unvalidated; null when the call failed → none). undefined: this
   * answer carries none (the workspace branding call), so the resources shown stay.
   */
  resources: unknown;
  /** The branding of the workspace navigation was asked for (?isWorkspaceNavigation=true). */
  isWorkspaceNavigation: boolean;
  /** Per user-and-tenant key under which the brand is kept for the next start. */
  scopeKey: string;
}

// Bumped by every apply and reset, so a slow read of the kept brand never paints over a newer one.
let generation = 0;

function show(branding: Branding | null, resources: Record<string, string>): void {
  appStore.set(brandingAtom, branding);
  appStore.set(brandingResourcesAtom, resources);
  paintDocument(brandPaint(branding, resources));
}

/**
 * Maps, applies (CSS custom properties, title, favicon), publishes to the atoms and stores the
 * brand. A branding that is not an object at all (a failed call) shows the defaults (SPEC §8) but
 * is not stored: the next start still paints the last real brand.
 */
export async function applySignedInBranding(input: SignedInBrandingInput): Promise<void> {
  generation += 1;
  const branding = mapBranding(input.branding, input.isWorkspaceNavigation);
  const resources = input.resources === undefined ? { ...appStore.get(brandingResourcesAtom) } : mapResources(input.resources);
  show(branding, resources);
  if (branding) await saveBrand(input.scopeKey, { branding, resources });
}

/** Paints the brand kept from the last visit (before any network answer); false when none is kept. */
export async function paintStoredBrand(scopeKey: string): Promise<boolean> {
  const started = generation;
  const stored = await readBrand(scopeKey);
  if (!stored || started !== generation) return false;
  show(stored.branding, stored.resources);
  return true;
}

/** Sign-out: back to the product's own brand, and nothing of the tenant's brand kept. */
export function resetBranding(): void {
  generation += 1;
  appStore.set(brandingAtom, null);
  appStore.set(brandingResourcesAtom, {});
  clearDocumentBrand();
  void clearBrands();
}
