import { readableOn } from './brandColors';
import type { BrandPaint } from './brandPaint';
import { iconSet, productBrand } from './brandVariants';
import { manifestHref } from '../../core/pwa/brandedManifest';

/**
 * Puts a brand on the document: `data-brand` and the brand custom properties on <html> (each
 * colour with a readable text colour beside it: --brand-on-primary, …), the title and the favicon.
 * src/styles/global.css holds the defaults and where the chrome uses them.
 */
const colorNames = ['primary', 'secondary', 'tertiary'] as const;

function iconLinks(doc: Document): HTMLLinkElement[] {
  const links = [...doc.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]')];
  if (links.length > 0) return links;
  const link = doc.createElement('link');
  link.rel = 'icon';
  doc.head.append(link);
  return [link];
}

function setFavicon(doc: Document, href: string, type: string | null): void {
  for (const link of iconLinks(doc)) {
    if (link.getAttribute('href') !== href) link.href = href;
    if (type) link.type = type;
    else link.removeAttribute('type');
  }
}

export function paintDocument(paint: BrandPaint, doc: Document = document): void {
  const root = doc.documentElement;
  root.dataset.brand = paint.variant;
  for (const name of colorNames) {
    const value = paint.colors?.[name];
    if (value) {
      root.style.setProperty(`--brand-${name}`, value);
      root.style.setProperty(`--brand-on-${name}`, readableOn(value));
    } else {
      root.style.removeProperty(`--brand-${name}`);
      root.style.removeProperty(`--brand-on-${name}`);
    }
  }
  doc.title = paint.title;
  setFavicon(doc, paint.favicon.href, paint.favicon.type);
  setInstalledAppBrand(doc, paint.colors ? { name: paint.title, theme: paint.colors.primary } : null);
}

/**
 * The installed app's name and colour follow the brand: the manifest link points
 * at the branded manifest the service worker builds, and the theme colour meta follows too.
 */
function setInstalledAppBrand(doc: Document, brand: { name: string; theme: string } | null): void {
  const manifest = doc.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  const href = manifestHref(brand);
  if (manifest && manifest.getAttribute('href') !== href) manifest.setAttribute('href', href);
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (meta) {
    meta.dataset.builtContent ??= meta.content;
    meta.content = brand?.theme ?? meta.dataset.builtContent;
  }
}

/** Back to the product's own brand (sign-out). */
export function clearDocumentBrand(doc: Document = document): void {
  const icons = iconSet(productBrand);
  paintDocument({ variant: productBrand, colors: null, title: icons.title, favicon: { href: icons.favicon, type: icons.faviconType }, logo: icons.logo }, doc);
}
