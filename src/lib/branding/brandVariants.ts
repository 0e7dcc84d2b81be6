import type { Branding } from './brandingAtoms';
import { defaultBrandColor } from './brandColors';

/**
 * SPEC §3 brand variants: the product's own brand, a second product brand, and custom (the
 * tenant's branding from the platform). Each product brand has an icon set (favicon and logo);
 * custom draws on the tenant's values and falls back to the product's set for what it lacks.
 */
export interface IconSet {
  favicon: string;
  faviconType: string;
  logo: string;
  /** The browser tab's title when the tenant sets none. */
  title: string;
}

function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${btoa(svg)}`;
}

// The second brand's marks are inline so they need no asset of their own in the precache.
const alternateMark =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle cx="50" cy="50" r="44" fill="#3B2F8F"/><path fill="none" stroke="#FFFFFF" stroke-width="10" stroke-linecap="round" d="M30 52l14 14 26-30"/></svg>';
const alternateLogo =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 40" width="160" height="40"><circle cx="20" cy="20" r="17" fill="#3B2F8F"/><path fill="none" stroke="#FFFFFF" stroke-width="4" stroke-linecap="round" d="M12 21l6 6 10-12"/><text x="44" y="26.5" fill="#1F1A3D" font-family="system-ui, sans-serif" font-size="19" font-weight="600">trust-center</text></svg>';

const iconSets = {
  product: { favicon: '/favicon.svg', faviconType: 'image/svg+xml', logo: '/brand/default-logo.svg', title: 'trust-shell' },
  alternate: { favicon: svgDataUrl(alternateMark), faviconType: 'image/svg+xml', logo: svgDataUrl(alternateLogo), title: 'trust-center' },
} as const satisfies Record<string, IconSet>;

export type IconSetName = keyof typeof iconSets;
export const iconSetNames = Object.keys(iconSets) as IconSetName[];

/** SPEC §8: asking for an icon set that does not exist is a programming error naming the set. */
export function iconSet(name: string): IconSet {
  if (!Object.hasOwn(iconSets, name)) throw new Error(`Unknown icon set: ${name}`);
  return iconSets[name as IconSetName];
}

export const brandVariants = ['product', 'alternate', 'custom'] as const;
export type BrandVariant = (typeof brandVariants)[number];

/** The product brand this build ships as (the second brand is a build-time choice). */
export const productBrand: Exclude<BrandVariant, 'custom'> = 'product';

/** The icon set a variant falls back to: its own, or for custom the product brand's. */
export function iconSetOf(variant: BrandVariant, product: Exclude<BrandVariant, 'custom'> = productBrand): IconSet {
  return iconSet(variant === 'custom' ? product : variant);
}

/** Custom as soon as the tenant's branding changes anything (logo, colour, title or favicon). */
export function brandVariantOf(
  branding: Pick<Branding, 'LogoData' | 'PrimaryColor' | 'SecondaryColor' | 'TertiaryColor' | 'Title'> | null,
  favicon: string | null,
  product: Exclude<BrandVariant, 'custom'> = productBrand,
): BrandVariant {
  if (favicon !== null) return 'custom';
  if (!branding) return product;
  const colors = [branding.PrimaryColor, branding.SecondaryColor, branding.TertiaryColor];
  const custom = branding.LogoData !== null || branding.Title !== '' || colors.some((c) => c.toUpperCase() !== defaultBrandColor);
  return custom ? 'custom' : product;
}
