import * as z from 'zod/mini';
import type { Branding } from './brandingAtoms';
import { brandColorOr } from './brandColors';
import { imageDataOrNull } from './imageData';
import { plainTitle } from './plainTitle';

/**
 * SPEC §3 / contract Branding → the shell's Branding. The answer is checked field by field: one
 * hostile or broken field falls back to its own default (null logo, #FFFFFF, empty title, null,
 * false) and never takes the other fields with it.
 */
const incomingObject = z.lazy(() => z.record(z.string(), z.unknown()));
const resourceSchema = z.lazy(() => z.object({ resourceName: z.string().check(z.minLength(1)), value: z.string() }));

const text = z.lazy(() => z.optional(z.nullable(z.string())));
/**
 * The contract's Branding by JSON type (content is still checked field by field in mapBranding).
 * Fields may be missing — a platform that leaves one out is not broken — but never of another type.
 */
export const brandingAnswerSchema = z.lazy(() => z.object({
  loginLogoData: text,
  logoData: text,
  primaryColor: text,
  secondaryColor: text,
  tertiaryColor: text,
  pageTitle: text,
  inheritedFrom: text,
  inherited: z.optional(z.nullable(z.boolean())),
}));

/** null when the value is not an object at all (a failed call: the caller takes the defaults). */
export function mapBranding(incoming: unknown, isWorkspaceNavigation: boolean): Branding | null {
  const parsed = incomingObject.safeParse(incoming);
  if (!parsed.success || Array.isArray(incoming)) return null;
  const b = parsed.data;
  return {
    LogoData: imageDataOrNull(b.logoData),
    Icon: imageDataOrNull(b.loginLogoData),
    PrimaryColor: brandColorOr(b.primaryColor),
    SecondaryColor: brandColorOr(b.secondaryColor),
    TertiaryColor: brandColorOr(b.tertiaryColor),
    Title: plainTitle(b.pageTitle) ?? '',
    InheritsFrom: typeof b.inheritedFrom === 'string' && b.inheritedFrom !== '' ? b.inheritedFrom : null,
    IsInherited: b.inherited === true,
    IsWorkspaceNavigation: isWorkspaceNavigation,
  };
}

/**
 * Contract BrandingResourceList keyed by resourceName. A malformed entry is dropped alone; names
 * are unique per the contract, so should one repeat the first wins.
 */
export function mapResources(incoming: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(incoming)) return out;
  for (const entry of incoming) {
    const parsed = resourceSchema.safeParse(entry);
    if (parsed.success && !Object.hasOwn(out, parsed.data.resourceName)) out[parsed.data.resourceName] = parsed.data.value;
  }
  return out;
}

/** A stored Branding read back (IndexedDB is outside our control too): re-checked the same way. */
export function reviveBranding(stored: unknown): Branding | null {
  const parsed = incomingObject.safeParse(stored);
  if (!parsed.success || Array.isArray(stored)) return null;
  const s = parsed.data;
  return mapBranding(
    {
      logoData: s.LogoData,
      loginLogoData: s.Icon,
      primaryColor: s.PrimaryColor,
      secondaryColor: s.SecondaryColor,
      tertiaryColor: s.TertiaryColor,
      pageTitle: s.Title,
      inheritedFrom: s.InheritsFrom,
      inherited: s.IsInherited,
    },
    s.IsWorkspaceNavigation === true,
  );
}
