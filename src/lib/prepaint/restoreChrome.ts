/**
 * The kept top bar as data, and back: the bar is kept as a tree of plain values (tag, attributes,
 * children, text), never as markup, and rebuilt with createElement/setAttribute/createTextNode,
 * so no HTML parser ever sees it (nothing in it can run, load or be reported as an inline script
 * or style by the Content-Security-Policy). The snapshot comes from IndexedDB, which any script on
 * the origin can write: it is data, never code, and only an allow-list comes back.
 *
 * What is dropped: every element off the list with its subtree (script, style, iframe, object,
 * link, a, form, svg `use`/`foreignObject`/`animate`, …), hidden elements (closed menus), every
 * attribute off the list (on*, style — style-src has no unsafe-inline —, href, id, for, aria-*,
 * role, tabindex, data-testid), and image sources other than a brand image (data:image/…;base64)
 * or a same-origin path. The copy keeps no ids or ARIA references, so it can never be confused
 * with the live chrome by a label, a locator or assistive technology; the container is inert and
 * aria-hidden besides (prePaint.ts).
 */
export type ChromeNode = string | { tag: string; attrs: Record<string, string>; children: ChromeNode[] };

const htmlNs = 'http://www.w3.org/1999/xhtml';
const svgNs = 'http://www.w3.org/2000/svg';

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

const maxNodes = 2000;
const maxDepth = 32;
const maxTextLength = 1000;
/** A brand image (LogoData) is the one long value. */
const maxAttributeLength = 1_000_000;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The live bar as a tree the snapshot keeps: only what keptAttribute and isKeptElement allow. */
export function toChromeTree(element: Element): ChromeNode | null {
  const tag = element.localName;
  if (!isKeptElement(tag) || element.hasAttribute('hidden')) return null;
  const attrs: Record<string, string> = {};
  // Kept as they are (a test id included): restoreBar decides what each becomes.
  for (const { name, value } of Array.from(element.attributes)) if (keptAttribute(tag, name, value)) attrs[name] = value;
  const children: ChromeNode[] = [];
  for (const child of Array.from(element.childNodes)) {
    if (child.nodeType === 3) children.push(child.textContent ?? '');
    else if (child.nodeType === 1) {
      const node = toChromeTree(child as Element);
      if (node !== null) children.push(node);
    }
  }
  return { tag, attrs, children };
}

/**
 * The top bar rebuilt from `tree` as new elements of `doc`, or null when it is not a `header` (or
 * larger than any real bar: then it is not ours).
 */
export function restoreBar(tree: unknown, doc: Document = document): HTMLElement | null {
  if (!isRecord(tree) || tree.tag !== 'header') return null;
  let budget = maxNodes;
  const build = (node: unknown, depth: number, inSvg: boolean): Node | null => {
    if (--budget < 0 || depth > maxDepth) return null;
    if (typeof node === 'string') return node.length <= maxTextLength ? doc.createTextNode(node) : null;
    if (!isRecord(node) || typeof node.tag !== 'string' || !isRecord(node.attrs) || !Array.isArray(node.children)) return null;
    const tag = node.tag;
    // SVG elements only inside an svg, HTML ones only outside.
    const svg = tag === 'svg' || inSvg;
    if (!(svg ? svgElements : htmlElements).has(tag) || 'hidden' in node.attrs) return null;
    const element = doc.createElementNS(svg ? svgNs : htmlNs, tag);
    for (const [name, value] of Object.entries(node.attrs)) {
      const kept = typeof value === 'string' ? keptAttribute(tag, name, value) : null;
      if (kept) element.setAttribute(kept[0], kept[1]);
    }
    for (const child of node.children) {
      const built = build(child, depth + 1, svg);
      if (built) element.append(built);
    }
    return element;
  };
  const bar = build(tree, 0, false);
  return budget < 0 ? null : (bar as HTMLElement | null);
}
