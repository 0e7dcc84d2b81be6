/**
 * The kept top bar as data, and the allow-list it comes back through. The bar is kept as a tree of
 * plain values (tag, attributes, children, text), never as markup. It comes back either as new
 * elements (firstPaint/page/barElements, in the page) or as markup the service worker serves inside
 * the page (firstPaint/core/servedDocument): both walk the tree with `rebuildBar`, so one
 * allow-list decides what either shows. The snapshot comes from IndexedDB, which any script on
 * the origin can write: it is data, never code, and only the allow-list comes back.
 *
 * What is dropped: every element off the list with its subtree (script, style, iframe, object,
 * link, a, form, svg `use`/`foreignObject`/`animate`, …), hidden elements (closed menus), every
 * attribute off the list (on*, style — style-src has no unsafe-inline —, href, id, for, aria-*,
 * role, tabindex, data-testid), and image sources other than a brand image (data:image/…;base64)
 * or a same-origin path. The copy keeps no ids or ARIA references, so it can never be confused
 * with the live chrome by a label, a locator or assistive technology; its container is inert and
 * aria-hidden besides.
 */
export type ChromeNode = string | { tag: string; attrs: Record<string, string>; children: ChromeNode[] };

const htmlElements = new Set(['header', 'div', 'span', 'button', 'img', 'strong', 'em', 'b', 'i', 'small', 'p']);
const svgElements = new Set(['svg', 'g', 'path', 'circle', 'ellipse', 'rect', 'line', 'polyline', 'polygon']);

const htmlAttributes = new Set(['class', 'dir', 'lang', 'type', 'width', 'height', 'alt', 'disabled']);
const svgAttributes = new Set([
  'class',
  'viewBox',
  'd',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'x',
  'y',
  'x1',
  'x2',
  'y1',
  'y2',
  'width',
  'height',
  'points',
  'fill',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'focusable',
]);

/** The chrome's state attributes its CSS selects on (Ark's data-state, data-part, …); short plain values only. */
const dataAttribute = /^data-[a-z][a-z-]{0,31}$/;
const plainValue = /^[\w\s:./-]{0,64}$/;

/** The live chrome's test ids of what the pre-paint shows, kept under another name (the bench finds the name by it). */
const prePaintMarks: Readonly<Record<string, string>> = { 'user-name': 'user-name', 'tenant-name': 'tenant-name', 'tenant-logo': 'tenant-logo' };

const brandImage = /^data:image\/(?:png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/]+=*$/;
const sameOriginPath = /^\/(?!\/)[\w\-./]*$/;

export function isSafeImageSource(src: string): boolean {
  return brandImage.test(src) || (sameOriginPath.test(src) && !src.includes('..'));
}

const maxNodes = 2000;
const maxDepth = 32;
const maxTextLength = 1000;
/** A brand image (LogoData) is the one long value. */
const maxAttributeLength = 1_000_000;

/** The attribute as the copy keeps it (`[name, value]`), or null when it is dropped. */
export function keptAttribute(tag: string, name: string, value: string): readonly [string, string] | null {
  const svg = svgElements.has(tag);
  if (value.length > maxAttributeLength) return null;
  if (name === 'data-testid') {
    const mark = prePaintMarks[value];
    return mark ? ['data-prepaint', mark] : null;
  }
  if ((svg ? svgAttributes : htmlAttributes).has(name)) return value.length <= maxTextLength ? [name, value] : null;
  if (dataAttribute.test(name) && name !== 'data-prepaint' && plainValue.test(value)) return [name, value];
  if (name === 'src' && tag === 'img' && isSafeImageSource(value)) return [name, value];
  return null;
}

export function isKeptElement(tag: string): boolean {
  return htmlElements.has(tag) || svgElements.has(tag);
}

/** How `rebuildBar` makes what it keeps: elements of a document, or markup. */
export interface BarBuilder<T> {
  text(value: string): T;
  element(tag: string, svg: boolean, attributes: readonly (readonly [string, string])[], children: T[]): T;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The top bar rebuilt from `tree` through the allow-list, or null when it is not a `header` (or
 * larger than any real bar: then it is not ours). SVG elements are kept only inside an svg, HTML
 * ones only outside.
 */
export function rebuildBar<T>(tree: unknown, builder: BarBuilder<T>): T | null {
  if (!isRecord(tree) || tree.tag !== 'header') return null;
  let budget = maxNodes;
  const build = (node: unknown, depth: number, inSvg: boolean): T | null => {
    if (--budget < 0 || depth > maxDepth) return null;
    if (typeof node === 'string') return node.length <= maxTextLength ? builder.text(node) : null;
    if (!isRecord(node) || typeof node.tag !== 'string' || !isRecord(node.attrs) || !Array.isArray(node.children)) return null;
    const tag = node.tag;
    const svg = tag === 'svg' || inSvg;
    if (!(svg ? svgElements : htmlElements).has(tag) || 'hidden' in node.attrs) return null;
    const attributes: (readonly [string, string])[] = [];
    for (const [name, value] of Object.entries(node.attrs)) {
      const kept = typeof value === 'string' ? keptAttribute(tag, name, value) : null;
      if (kept) attributes.push(kept);
    }
    const children: T[] = [];
    for (const child of node.children) {
      const built = build(child, depth + 1, svg);
      if (built !== null) children.push(built);
    }
    return builder.element(tag, svg, attributes, children);
  };
  const bar = build(tree, 0, false);
  return budget < 0 ? null : bar;
}

const escapes: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or an attribute value as markup that can only ever be that text. */
export function escapeMarkup(value: string): string {
  return value.replace(/[&<>"']/g, (c) => escapes[c]!);
}

/** Elements the HTML parser closes itself (they take no end tag). */
const voidElements = new Set(['img']);

/**
 * The kept bar as markup, for the service worker to serve inside the page: the same elements and
 * attributes `rebuildBar` lets through, every text and value escaped. Tag and attribute names come
 * only from the allow-list. An HTML element inside another the parser would close (a `p` holding a
 * `div`, a button inside a button) is laid out otherwise than the copy the page builds, never
 * anything more: the elements and attributes are the same allow-listed ones.
 */
export function barMarkup(tree: unknown): string | null {
  return rebuildBar<string>(tree, {
    text: escapeMarkup,
    element: (tag, svg, attributes, children) => {
      const attrs = attributes.map(([name, value]) => ` ${name}="${escapeMarkup(value)}"`).join('');
      if (!svg && voidElements.has(tag)) return `<${tag}${attrs}>`;
      return `<${tag}${attrs}>${children.join('')}</${tag}>`;
    },
  });
}
