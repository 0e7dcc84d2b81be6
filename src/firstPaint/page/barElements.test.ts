// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { isSafeImageSource, type ChromeNode } from '../core/barTree';
import { restoreBar, toChromeTree } from './barElements';

const node = (tag: string, attrs: Record<string, string> = {}, ...children: ChromeNode[]): ChromeNode => ({ tag, attrs, children });

const attributesOf = (root: Element) => [root, ...root.querySelectorAll('*')].flatMap((e) => [...e.attributes].map((a) => a.name));

describe('restoreBar', () => {
  it('rebuilds the bar: classes, data state, text, a brand image, marks for what the pre-paint shows', () => {
    const logo = 'data:image/png;base64,iVBORw0KGgo=';
    const bar = restoreBar(
      node(
        'header',
        { class: 'shell__bar' },
        node('img', { class: 'tenant-logo__image', src: logo, alt: 'Acme logo', width: '160', height: '40' }),
        node('button', { type: 'button', class: 'chrome__trigger', 'data-state': 'closed', 'data-testid': 'user-name' }, 'Ada Admin'),
        node('span', { 'data-testid': 'tenant-name', dir: 'rtl', lang: 'ar' }, 'أكمي'),
      ),
    )!;
    expect(bar.localName).toBe('header');
    expect(bar.className).toBe('shell__bar');
    expect(bar.querySelector('img')!.getAttribute('src')).toBe(logo);
    expect(bar.querySelector('[data-prepaint="user-name"]')!.textContent).toBe('Ada Admin');
    expect(bar.querySelector('[data-prepaint="tenant-name"]')!.getAttribute('dir')).toBe('rtl');
    expect(bar.querySelector('button')!.dataset.state).toBe('closed');
    expect(attributesOf(bar)).not.toContain('data-testid');
  });

  it('drops scripts, frames, links, styles, hidden elements and every handler, style, id and ARIA reference', () => {
    const bar = restoreBar(
      node(
        'header',
        { class: 'shell__bar', onclick: 'alert(1)', style: 'color:red', id: 'bar', role: 'banner' },
        node('script', {}, 'alert(2)'),
        node('iframe', { src: 'javascript:alert(3)' }),
        node('object', { data: 'x' }),
        node('style', {}, 'body{display:none}'),
        node('link', { rel: 'stylesheet', href: 'https://evil.test/x.css' }),
        node('a', { href: 'javascript:alert(4)' }, 'link'),
        node('div', { hidden: '' }, 'closed menu'),
        node('label', { for: 'x' }, 'label'),
        node('span', { 'aria-labelledby': 'x', 'aria-hidden': 'true', tabindex: '0', 'data-testid': 'orggroup-switch', onmouseover: 'alert(5)' }, 'kept text'),
        node('button', { formaction: 'javascript:alert(6)', 'data-state': 'x" onmouseover="alert(7)' }, 'b'),
        node('img', { src: 'javascript:alert(8)', onerror: 'alert(9)' }),
        node('img', { src: '//evil.test/logo.png' }),
        node('svg', { viewBox: '0 0 20 20', onload: 'alert(10)' }, node('script', {}, 'alert(11)'), node('use', { href: '#x' }), node('foreignObject', {}, node('div', {}, 'html in svg')), node('path', { d: 'M0 0', fill: 'none' })),
        '<img src=x onerror=alert(12)>',
      ),
    )!;
    expect(bar.querySelectorAll('script, iframe, object, style, link, a, label, use, foreignObject, [hidden]')).toHaveLength(0);
    expect(attributesOf(bar).filter((name) => /^(on|style|id|role|for|tabindex|href|formaction|aria-|data-testid)/.test(name))).toEqual([]);
    expect(bar.textContent).toBe('kept textb<img src=x onerror=alert(12)>');
    expect([...bar.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([null, null]);
    expect(bar.querySelector('path')!.namespaceURI).toBe('http://www.w3.org/2000/svg');
    expect(bar.querySelector('button')!.hasAttribute('data-state')).toBe(false);
  });

  it('is nothing without a header at its top, or when the data is not a tree', () => {
    expect(restoreBar(node('div', {}, 'x'))).toBeNull();
    expect(restoreBar('<header>markup is never parsed</header>')).toBeNull();
    expect(restoreBar(null)).toBeNull();
    expect(restoreBar({ tag: 'header', attrs: 'x', children: [] })).toBeNull();
  });

  it('refuses a tree larger than any real bar', () => {
    const wide = node('header', {}, ...Array.from({ length: 3000 }, () => node('span', {}, 'x')));
    expect(restoreBar(wide)).toBeNull();
    let deep: ChromeNode = 'x';
    for (let i = 0; i < 100; i += 1) deep = node('span', {}, deep);
    expect(restoreBar(node('header', {}, deep))!.querySelectorAll('span').length).toBeLessThan(40);
  });
});

describe('toChromeTree', () => {
  it('keeps what restoreBar keeps, and nothing of a hidden menu', () => {
    document.body.innerHTML =
      '<header class="shell__bar" id="h"><span class="chrome__user-name" data-testid="user-name" aria-label="x">Ada</span><div hidden role="menu">menu</div><script>1</script></header>';
    const tree = toChromeTree(document.querySelector('header')!);
    expect(tree).toEqual(node('header', { class: 'shell__bar' }, node('span', { class: 'chrome__user-name', 'data-testid': 'user-name' }, 'Ada')));
    expect(restoreBar(tree)!.querySelector('[data-prepaint="user-name"]')!.textContent).toBe('Ada');
  });
});

describe('isSafeImageSource', () => {
  it('takes a base64 brand image or a same-origin path only', () => {
    expect(isSafeImageSource('data:image/svg+xml;base64,PHN2Zy8+')).toBe(true);
    expect(isSafeImageSource('/brand/default-logo.svg')).toBe(true);
    for (const src of ['javascript:alert(1)', '//evil.test/x.png', 'https://evil.test/x.png', 'data:text/html;base64,PHNjcmlwdD4=', '/a/../../x', 'x']) expect(isSafeImageSource(src), src).toBe(false);
  });
});
