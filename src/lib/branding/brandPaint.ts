import type { Branding } from './brandingAtoms';
import { iconSetOf, brandVariantOf, productBrand, type BrandVariant } from './brandVariants';
import { faviconLink, type FaviconLink } from './favicon';
import { tabTitleOf } from './plainTitle';

/** Everything the document shows of a brand, decided from checked values only. */
export interface BrandPaint {
  variant: BrandVariant;
  /** Valid #RRGGBB colours; null → the stylesheet's defaults (#FFFFFF). */
  colors: { primary: string; secondary: string; tertiary: string } | null;
  title: string;
  favicon: FaviconLink;
  logo: string;
}

export function brandPaint(
  branding: Branding | null,
  resources: Readonly<Record<string, string>>,
  product: Exclude<BrandVariant, 'custom'> = productBrand,
): BrandPaint {
  const favicon = faviconLink(resources.favicon);
  const variant = brandVariantOf(branding, favicon?.href ?? null, product);
  const icons = iconSetOf(variant, product);
  return {
    variant,
    colors: branding ? { primary: branding.PrimaryColor, secondary: branding.SecondaryColor, tertiary: branding.TertiaryColor } : null,
    title: tabTitleOf(resources.tabTitle, branding?.Title, icons.title),
    favicon: favicon ?? { href: icons.favicon, type: icons.faviconType },
    logo: branding?.LogoData ?? icons.logo,
  };
}
