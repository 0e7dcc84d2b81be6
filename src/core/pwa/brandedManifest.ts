/**
 * The installed app carries the tenant's name and colour. The page asks for
 * `/manifest.webmanifest?name=…&theme=…` once the brand is known; the service worker answers with
 * the built manifest overlaid with those two values, checked here (a hostile or broken value falls
 * back to the built one). Without a service worker the static manifest answers: the defaults.
 */
export const manifestPath = '/manifest.webmanifest';
const maxNameLength = 45;
const maxShortNameLength = 12;
const hexColor = /^#[0-9a-f]{6}$/i;

/** Printable text only, single-spaced, at most `max` characters. */
function cleanText(value: string | null, max: number): string | null {
  if (value === null) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const text = value.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/g, '').replace(/\s+/g, ' ').trim();
  return text ? [...text].slice(0, max).join('') : null;
}

function shortNameOf(name: string): string {
  if ([...name].length <= maxShortNameLength) return name;
  const firstWord = name.split(' ')[0] ?? name;
  return [...firstWord].slice(0, maxShortNameLength).join('');
}

export function brandedManifest(base: Record<string, unknown>, params: URLSearchParams): Record<string, unknown> {
  const name = cleanText(params.get('name'), maxNameLength);
  const theme = params.get('theme');
  return {
    ...base,
    ...(name ? { name, short_name: shortNameOf(name) } : {}),
    ...(theme && hexColor.test(theme) ? { theme_color: theme.toLowerCase() } : {}),
  };
}

/** The manifest address the page links to for a brand (the built one when there is none). */
export function manifestHref(brand: { name: string; theme: string | null } | null): string {
  if (!brand) return manifestPath;
  const params = new URLSearchParams({ name: brand.name });
  if (brand.theme) params.set('theme', brand.theme);
  return `${manifestPath}?${params.toString()}`;
}
