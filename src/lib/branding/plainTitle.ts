/**
 * Titles from the platform (branding pageTitle, the tabTitle resource) are plain text. They are
 * shown as text only, but a value carrying markup or control characters is refused outright (a
 * hostile or broken answer), as is one over the contract's 256 characters; whitespace is tidied.
 */
export const maxTitleLength = 256;

const markup = /<[a-z!?/]/i;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const controlChars = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The tidied title, or null when it is missing, blank or refused. */
export function plainTitle(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (markup.test(value) || controlChars.test(value)) return null;
  const tidy = value.replace(/\s+/g, ' ').trim();
  if (tidy === '' || tidy.length > maxTitleLength) return null;
  return tidy;
}

/**
 * The browser tab's title. The tabTitle resource is meant for the tab, so it wins; the branding
 * Title (which the top bar shows beside the logo) is next; else the product's own title.
 */
export function tabTitleOf(tabTitle: string | null | undefined, title: string | null | undefined, productTitle: string): string {
  return plainTitle(tabTitle) ?? plainTitle(title) ?? productTitle;
}
