/**
 * STUB (issue 5, branding helper replaces the bodies; keep the signatures).
 * Called by the global-state loader and at start-up.
 */
export interface SignedInBrandingInput {
  /** `branding` of the init answer (unvalidated: checked field by field). */
  branding: unknown;
  /** `resources` of the init answer (unvalidated). */
  resources: unknown;
  /** The branding of the workspace navigation was asked for (?isWorkspaceNavigation=true). */
  isWorkspaceNavigation: boolean;
  /** Per user-and-tenant key under which the brand is kept for the next start. */
  scopeKey: string;
}

/** Maps, applies (CSS custom properties, title, favicon), publishes to the atoms and stores the brand. */
export async function applySignedInBranding(input: SignedInBrandingInput): Promise<void> {
  void input;
}

/** Paints the brand kept from the last visit (before any network answer); false when none is kept. */
export async function paintStoredBrand(scopeKey: string): Promise<boolean> {
  void scopeKey;
  return false;
}

/** Sign-out: back to the product's own brand. */
export function resetBranding(): void {}
