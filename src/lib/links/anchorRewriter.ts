import { rewriteTarget, type CommunitySettings } from './communityLinks';

/** Marks an anchor the shell rewrote (its value is the connected app), for the click handling. */
export const connectedAppAttribute = 'data-connected-app';

function rewriteAnchor(anchor: HTMLAnchorElement, settings: CommunitySettings): void {
  if (!anchor.hasAttribute('href')) return;
  const target = rewriteTarget(anchor.href, settings, anchor.ownerDocument.baseURI);
  if (target === null) return;
  anchor.setAttribute('href', target);
  anchor.setAttribute(connectedAppAttribute, new URL(target, anchor.ownerDocument.baseURI).searchParams.get('application') ?? '');
}

function rewriteWithin(node: Node, settings: CommunitySettings): void {
  if (!(node instanceof Element)) return;
  if (node instanceof HTMLAnchorElement) rewriteAnchor(node, settings);
  for (const anchor of node.querySelectorAll('a[href]')) if (anchor instanceof HTMLAnchorElement) rewriteAnchor(anchor, settings);
}

/**
 * Rewrites community links under `root` now and whenever they appear or change later (a
 * micro-frontend renders after the shell, or changes an href). Returns the stop function.
 * A rewritten href is same-origin, so the attribute change it causes is not rewritten again.
 */
export function watchCommunityLinks(root: HTMLElement, settings: CommunitySettings): () => void {
  rewriteWithin(root, settings);
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') rewriteWithin(record.target, settings);
      else for (const node of record.addedNodes) rewriteWithin(node, settings);
    }
  });
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['href'] });
  return () => observer.disconnect();
}

/**
 * A plain click on a rewritten link stays in the app (no reload of the shell); new-tab clicks,
 * modified clicks and links a micro-frontend already handled keep the browser's behaviour.
 */
export function rewrittenLinkClick(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest(`a[${connectedAppAttribute}]`) : null;
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  const targetAttr = anchor.getAttribute('target');
  if (targetAttr !== null && targetAttr !== '' && targetAttr !== '_self') return null;
  if (anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href);
  if (url.origin !== anchor.ownerDocument.defaultView?.location.origin) return null;
  return `${url.pathname}${url.search}`;
}
