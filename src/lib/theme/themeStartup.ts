/**
 * STUB (issue 5, branding/theme helper replaces the body; keep the signature).
 * Start-up theme (SPEC §4): GET /api/atlas/v1/theme, themeEnabledAtom, the chosen theme applied.
 */
export async function loadSignedInTheme(): Promise<void> {}
