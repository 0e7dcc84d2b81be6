// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { connectedAppAttribute, rewrittenLinkClick, watchCommunityLinks } from './anchorRewriter';

const settings = { origin: 'https://community.trust-shell.test', connectedApps: ['community.trust-shell.test'] };
const rewritten = '/auth/connected-apps?landingPage=%2Fforum&application=community.trust-shell.test';
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function anchor(href: string, attrs: Record<string, string> = {}): HTMLAnchorElement {
  const a = document.createElement('a');
  a.setAttribute('href', href);
  for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v);
  a.textContent = 'link';
  return a;
}

describe('watchCommunityLinks', () => {
  let stop: (() => void) | null = null;
  afterEach(() => {
    stop?.();
    document.body.innerHTML = '';
  });

  it('rewrites community links present at start, added later, and changed later', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    const early = anchor('https://community.trust-shell.test/forum');
    const other = anchor('https://elsewhere.test/forum');
    root.append(early, other);
    stop = watchCommunityLinks(root, settings);
    expect(early.getAttribute('href')).toBe(rewritten);
    expect(early.getAttribute(connectedAppAttribute)).toBe('community.trust-shell.test');
    expect(other.getAttribute('href')).toBe('https://elsewhere.test/forum');

    const section = document.createElement('section');
    const late = anchor('https://community.trust-shell.test/forum');
    section.append(late);
    root.append(section);
    other.setAttribute('href', 'https://community.trust-shell.test/forum');
    await flush();
    expect(late.getAttribute('href')).toBe(rewritten);
    expect(other.getAttribute('href')).toBe(rewritten);
  });

  it('leaves links outside the root alone and stops when told', async () => {
    const root = document.createElement('div');
    const outside = anchor('https://community.trust-shell.test/forum');
    document.body.append(root, outside);
    stop = watchCommunityLinks(root, settings);
    stop();
    const later = anchor('https://community.trust-shell.test/forum');
    root.append(later);
    await flush();
    expect(outside.getAttribute('href')).toBe('https://community.trust-shell.test/forum');
    expect(later.getAttribute('href')).toBe('https://community.trust-shell.test/forum');
  });
});

describe('rewrittenLinkClick', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  function click(a: HTMLAnchorElement, init: MouseEventInit = {}): string | null {
    document.body.append(a);
    const span = document.createElement('span');
    a.append(span);
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
    Object.defineProperty(event, 'target', { value: span });
    return rewrittenLinkClick(event);
  }

  it('keeps a plain click on a rewritten link in the app', () => {
    expect(click(anchor(rewritten, { [connectedAppAttribute]: 'community.trust-shell.test' }))).toBe(rewritten);
  });

  it.each([
    ['a modified click', { ctrlKey: true }, {}],
    ['a middle click', { button: 1 }, {}],
    ['a new-tab link', {}, { target: '_blank' }],
  ])('leaves %s to the browser', (_, init, attrs) => {
    expect(click(anchor(rewritten, { [connectedAppAttribute]: 'x', ...attrs }), init)).toBeNull();
  });

  it('ignores links the shell did not rewrite', () => {
    expect(click(anchor(rewritten))).toBeNull();
  });
});
