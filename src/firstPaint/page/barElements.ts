import { isKeptElement, keptAttribute, rebuildBar, type ChromeNode } from '../core/barTree';

/**
 * The kept top bar (firstPaint/core/barTree) from the live bar, and back as new elements: built
 * with createElement/setAttribute/createTextNode, so no HTML parser ever sees it (nothing in it
 * can run, load or be reported as an inline script or style by the Content-Security-Policy).
 */

const htmlNs = 'http://www.w3.org/1999/xhtml';
const svgNs = 'http://www.w3.org/2000/svg';

/** The live bar as a tree the snapshot keeps: only what keptAttribute and isKeptElement allow. */
export function toChromeTree(element: Element): ChromeNode | null {
  const tag = element.localName;
  if (!isKeptElement(tag) || element.hasAttribute('hidden')) return null;
  const attrs: Record<string, string> = {};
  // Kept as they are (a test id included): the rebuild decides what each becomes.
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
  return rebuildBar<Node>(tree, {
    text: (value) => doc.createTextNode(value),
    element: (tag, svg, attributes, children) => {
      const element = doc.createElementNS(svg ? svgNs : htmlNs, tag);
      for (const [name, value] of attributes) element.setAttribute(name, value);
      element.append(...children);
      return element;
    },
  }) as HTMLElement | null;
}
