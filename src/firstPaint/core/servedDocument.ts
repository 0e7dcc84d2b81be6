import type { ChromeSnapshot } from './snapshot';
import { barMarkup, escapeMarkup } from './barTree';
import { snapshotStylesheets } from './snapshotStylesheets';
import { prePaintRootAttribute } from './prePaintRoot';

/**
 * The page as the service worker serves it to a returning member: index.html with the kept top
 * bar (snapshot.ts) already in it, so the member's name, tenant and brand are on screen at
 * the page's first paint, before any of its code has loaded. The worker serves it only with a
 * live session of the copy's member and tenant, in the copy's language (paintableSnapshot); the
 * page's own pre-paint (firstPaint/page/painter.chunk) checks the same again and adopts it, or takes it
 * away, before the app starts. The policy allows no inline style, so the brand colours and the
 * layout rule come in a stylesheet the worker answers from its address (keptChromeCss).
 */

/** The worker's stylesheet of a served copy: `?--brand-primary=%23…&media=(min-width: 64rem)&matches=1`. */
export const keptChromeStylePath = '/kept-chrome.css';

/** What of a copy's <html> may be painted, whoever paints it: checked values only. */
export const brandVariable = /^--brand-(?:on-)?(?:primary|secondary|tertiary)$/;
export const hexColor = /^#[0-9a-fA-F]{3,8}$/;
export const brandName = /^[a-z][a-z-]{0,31}$/;
export const languageTag = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,3}$/;
const themeName = /^[a-z][a-z-]{0,31}$/;
/** The layout query the bar was kept at (a width query, as the shell's layout uses). */
const widthQuery = /^\((?:min|max)-width: ?\d{1,4}(?:\.\d{1,3})?(?:px|rem|em)\)$/;

const htmlStart = /<html\b[^>]*>/i;
const stylesheetLink = /<link\b[^>]*\brel=["']?stylesheet\b[^>]*>\s*/gi;
const modulePreload = /<link\b[^>]*\brel=["']?modulepreload\b[^>]*>\s*/gi;
const rootElement = '<div id="root">';

/** The address of the copy's stylesheet: its brand colours and the width it was laid out for. */
export function keptChromeStyleHref(kept: ChromeSnapshot): string | null {
  if (!widthQuery.test(kept.media.query)) return null;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(kept.vars)) if (brandVariable.test(name) && hexColor.test(value)) params.append(name, value);
  params.append('media', kept.media.query);
  params.append('matches', kept.media.matches ? '1' : '0');
  return `${keptChromeStylePath}?${params.toString()}`;
}

/**
 * That stylesheet, from its address's parameters (anyone can ask for any): checked brand colours on
 * <html>, and the copy hidden at a width it was not laid out for (the page then takes it away).
 */
export function keptChromeCss(params: URLSearchParams): string {
  const vars = [...params].filter(([name, value]) => brandVariable.test(name) && hexColor.test(value)).map(([name, value]) => `${name}:${value};`);
  // html:root outweighs global.css's defaults on :root, as the page's own inline values do.
  let css = vars.length ? `html:root{${vars.join('')}}\n` : '';
  const query = params.get('media') ?? '';
  const matches = params.get('matches');
  if (widthQuery.test(query) && (matches === '1' || matches === '0')) {
    css += `@media ${matches === '1' ? 'not all and ' : ''}${query}{[${prePaintRootAttribute}]{display:none}}\n`;
  }
  return css;
}

/**
 * `html` (the built index.html) with the kept bar in it, or null when the copy cannot be served as
 * the page would paint it: no theme kept with it, a bar the allow-list leaves nothing of, a layout
 * query of another form, or an index.html without the places it goes.
 */
export function servedDocument(html: string, kept: ChromeSnapshot): string | null {
  const { theme, colorScheme } = kept;
  if (theme === undefined || !themeName.test(theme) || (colorScheme !== 'light' && colorScheme !== 'dark')) return null;
  const bar = barMarkup(kept.bar);
  const styleHref = keptChromeStyleHref(kept);
  if (bar === null || styleHref === null || !htmlStart.test(html) || !html.includes('</head>') || !html.includes(rootElement)) return null;
  const attributes: [string, string][] = [['dir', kept.dir], ['data-theme', theme], ['data-color-scheme', colorScheme]];
  if (languageTag.test(kept.lang)) attributes.unshift(['lang', kept.lang]);
  if (brandName.test(kept.brand)) attributes.push(['data-brand', kept.brand]);
  const htmlTag = `<html ${attributes.map(([name, value]) => `${name}="${escapeMarkup(value)}"`).join(' ')}>`;
  const container = `<div class="shell" ${prePaintRootAttribute}="" inert aria-hidden="true">${bar}</div>`;
  // Every stylesheet first, in cascade order (the build's, then the copy's, then this one's): the
  // first paint waits for them, and the browser asks for them in document order, ahead of the
  // app's scripts. The app's preloads go: parsing its files (main's alone is 320 KB) took the two
  // cores the bar's first frame needed, and the page asks for them together once the bar is on
  // screen (src/boot.ts imports the app then). Comments go (none is needed at run time, and none
  // may hide a tag matched here).
  const own: string[] = [];
  const rest = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(modulePreload, '')
    .replace(stylesheetLink, (link) => (own.push(link.trim()), ''));
  const ownPaths = own.map((link) => /\bhref=["']?([^"'\s>]+)/i.exec(link)?.[1]);
  // In CORS mode, as the bundler's own links and the first script's (firstPaint/page/stylesheetLinks) ask for them.
  const links = [
    ...own,
    ...snapshotStylesheets(kept.styles)
      .filter((path) => !ownPaths.includes(path))
      .map((path) => `<link rel="stylesheet" crossorigin href="${escapeMarkup(path)}">`),
    `<link rel="stylesheet" href="${escapeMarkup(styleHref)}">`,
  ];
  const headEnd = rest.indexOf('</head>');
  const firstLoad = rest.search(/<(?:script|link)\b/i);
  const at = firstLoad === -1 ? headEnd : Math.min(firstLoad, headEnd);
  const withLinks = `${rest.slice(0, at)}${links.join('')}${rest.slice(at)}`;
  return withLinks.replace(htmlStart, () => htmlTag).replace(rootElement, () => `${container}${rootElement}`);
}
