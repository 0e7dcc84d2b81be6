// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { restoreBar } from './barElements';
import type { ChromeSnapshot } from '../core/snapshot';
import { barMarkup, type ChromeNode } from '../core/barTree';
import { keptChromeCss, servedDocument, keptChromeStyleHref } from '../core/servedDocument';

// jsdom's parser is a spec HTML parser (parse5): what it builds from the markup is what a browser builds.
const node = (tag: string, attrs: Record<string, string> = {}, ...children: ChromeNode[]): ChromeNode => ({ tag, attrs, children });
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

const logo = 'data:image/png;base64,iVBORw0KGgo=';
const realBar = node(
  'header',
  { class: 'shell__bar', 'data-testid': 'shell-bar' },
  node('img', { class: 'tenant-logo__image', src: logo, alt: 'Acme "logo" & <co>', width: '160', height: '40' }),
  node('button', { type: 'button', class: 'chrome__trigger', 'data-state': 'closed', 'data-testid': 'user-name', disabled: '' }, 'Ada <Admin> & "co"'),
  node('span', { 'data-testid': 'tenant-name', dir: 'rtl', lang: 'ar' }, 'أكمي'),
  node('svg', { viewBox: '0 0 20 20', class: 'icon', focusable: 'false' }, node('path', { d: 'M0 0L10 10', fill: 'none', 'stroke-width': '2' })),
);
const hostileBar = node(
  'header',
  { class: 'shell__bar', onclick: 'alert(1)', style: 'color:red', id: 'bar' },
  node('script', {}, 'alert(2)'),
  node('style', {}, 'body{display:none}'),
  node('a', { href: 'javascript:alert(4)' }, 'link'),
  node('span', { 'data-state': 'x" onmouseover="alert(7)', class: 'a" onmouseover="alert(8)' }, '</span></header><script>alert(9)</script>'),
  node('img', { src: 'javascript:alert(10)', onerror: 'alert(11)', alt: '"><script>alert(12)</script>' }),
  node('svg', { viewBox: '0 0 20 20' }, node('div', {}, 'html in svg'), node('p', {}, 'breaks out of svg'), node('path', { d: 'M0 0', class: '</svg><img src=x onerror=alert(13)>' }, '<img src=x onerror=alert(14)>')),
  '<img src=x onerror=alert(15)>',
  '<!-- comment --><![CDATA[x]]>',
);

describe('barMarkup', () => {
  it('parses into exactly the bar the page builds from the same tree', () => {
    for (const tree of [realBar, hostileBar]) {
      const served = parse(`<body>${barMarkup(tree)}</body>`).body;
      expect(served.childElementCount).toBe(1);
      const built = restoreBar(tree, document)!;
      // The parser joins adjacent texts into one node, as normalize() does.
      built.normalize();
      expect(served.firstElementChild!.isEqualNode(built), tree === realBar ? 'real bar' : 'hostile bar').toBe(true);
    }
  });

  it('lets nothing run, load or restyle: every text and value stays text', () => {
    const served = parse(`<body>${barMarkup(hostileBar)}</body>`).body;
    expect(served.querySelectorAll('script, style, a, div, p, img:not([alt])')).toHaveLength(0);
    const attributes = [...served.querySelectorAll('*')].flatMap((e) => [...e.attributes].map((a) => a.name));
    expect(attributes.filter((name) => /^(on|style|id|href|src)/.test(name))).toEqual([]);
    expect(served.textContent).toBe('</span></header><script>alert(9)</script><img src=x onerror=alert(14)><img src=x onerror=alert(15)><!-- comment --><![CDATA[x]]>');
    expect(served.querySelector('path')!.getAttribute('class')).toBe('</svg><img src=x onerror=alert(13)>');
  });

  it('is nothing for what restoreBar refuses', () => {
    expect(barMarkup(node('div', {}, 'x'))).toBeNull();
    expect(barMarkup('<header>markup is never passed on</header>')).toBeNull();
    expect(barMarkup(node('header', {}, ...Array.from({ length: 3000 }, () => node('span', {}, 'x'))))).toBeNull();
  });
});

const index = `<!doctype html>
<html lang="en-us" dir="ltr">
  <head>
    <title>trust-shell</title>
    <!-- <script src="/in-a-comment.js"></script> -->
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/main-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/main-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const snapshot = (over: Partial<ChromeSnapshot> = {}): ChromeSnapshot => ({
  scopeKey: 'u|t',
  language: 'de-de',
  lang: 'de-de',
  dir: 'ltr',
  theme: 'preview-dark',
  colorScheme: 'dark',
  brand: 'custom',
  vars: { '--brand-primary': '#0B5FFF', '--brand-on-primary': '#FFFFFF' },
  styles: ['/assets/main-abc.css', '/assets/SignedInLayout-1.css', '/assets/chrome-2.css'],
  media: { query: '(min-width: 64rem)', matches: true },
  bar: realBar,
  ...over,
});

describe('servedDocument', () => {
  it('serves the page in the copy’s language, direction, theme and brand, its stylesheets and bar before the root', () => {
    const doc = parse(servedDocument(index, snapshot())!);
    const html = doc.documentElement;
    expect([html.lang, html.dir, html.dataset.theme, html.dataset.colorScheme, html.dataset.brand]).toEqual(['de-de', 'ltr', 'preview-dark', 'dark', 'custom']);
    // Every stylesheet ahead of the scripts (the first paint waits for them), in cascade order, each once.
    const loads = [...doc.head.querySelectorAll('link, script')].map((l) => l.getAttribute('href') ?? l.getAttribute('src'));
    // The app's files are not preloaded with it: the page asks for them once the bar is on screen.
    expect(loads).toEqual(['/assets/main-abc.css', '/assets/SignedInLayout-1.css', '/assets/chrome-2.css', keptChromeStyleHref(snapshot()), '/assets/index-abc.js']);
    expect(doc.querySelector('link[rel="modulepreload"]')).toBeNull();
    const container = doc.body.firstElementChild as HTMLElement;
    expect(container.hasAttribute('data-prepaint-root')).toBe(true);
    expect(container.hasAttribute('inert')).toBe(true);
    expect(container.getAttribute('aria-hidden')).toBe('true');
    expect(container.nextElementSibling!.id).toBe('root');
    expect(container.querySelector('[data-prepaint="user-name"]')!.textContent).toBe('Ada <Admin> & "co"');
  });

  it('leaves out what is not a checked value, and serves nothing it cannot serve as the page would paint it', () => {
    const doc = parse(servedDocument(index, snapshot({ lang: 'de" onload="x', brand: 'Custom!', styles: ['https://evil.test/x.css', '/assets/../x.css', '/assets/ok.css'] }))!);
    expect(doc.documentElement.hasAttribute('lang')).toBe(false);
    expect(doc.documentElement.hasAttribute('data-brand')).toBe(false);
    expect(doc.documentElement.getAttributeNames().filter((n) => n.startsWith('on'))).toEqual([]);
    expect([...doc.head.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('href')).slice(0, 2)).toEqual(['/assets/main-abc.css', '/assets/ok.css']);
    // A copy kept before its theme was, a theme that is no name, a layout query of another form, a bar of nothing.
    for (const over of [{ theme: undefined }, { colorScheme: 'dim' }, { theme: 'x" y' }, { media: { query: '(min-width: 64rem), print', matches: true } }, { bar: node('div') }]) {
      expect(servedDocument(index, snapshot(over as Partial<ChromeSnapshot>)), JSON.stringify(over)).toBeNull();
    }
    expect(servedDocument('<html><body>no head, no root</body></html>', snapshot())).toBeNull();
  });
});

describe('keptChromeCss', () => {
  const css = (href: string) => keptChromeCss(new URL(href, 'https://shell.test').searchParams);

  it('puts the checked brand colours on <html> and hides the copy at a width it was not laid out for', () => {
    expect(css(keptChromeStyleHref(snapshot())!)).toBe(
      'html:root{--brand-primary:#0B5FFF;--brand-on-primary:#FFFFFF;}\n@media not all and (min-width: 64rem){[data-prepaint-root]{display:none}}\n',
    );
    expect(css(keptChromeStyleHref(snapshot({ vars: {}, media: { query: '(min-width: 64rem)', matches: false } }))!)).toBe('@media (min-width: 64rem){[data-prepaint-root]{display:none}}\n');
  });

  it('takes nothing else from its address (anyone can ask for any)', () => {
    expect(css('/kept-chrome.css?--brand-primary=red;}body{display:none&--color-text=%23000&--brand-primary=%23000;x&media=(min-width:1px){}body{x}&matches=1')).toBe('');
    expect(css('/kept-chrome.css?media=(min-width: 64rem)&matches=yes')).toBe('');
  });
});
