// @vitest-environment jsdom
// DOMPurify under happy-dom lets unsafe markup through (STACK.md); jsdom is the honest DOM here.
import { describe, expect, it } from 'vitest';
import { blockedUrl, safeTypes, sanitizeHtml, sanitizeStyle, toSafeContent } from './safeContent';

describe('types (SPEC §5)', () => {
  it('knows exactly html, style, script, url and resourceUrl', () => {
    expect([...safeTypes]).toEqual(['html', 'style', 'script', 'url', 'resourceUrl']);
  });

  it.each([['htm'], ['HTML'], [''], ['javascript'], ['resource-url'], ['__proto__']])('%j throws', (type) => {
    expect(() => toSafeContent('x', type)).toThrow(new Error('Invalid safe type specified'));
  });

  it.each(safeTypes.map((type) => [type]))('%s turns null into an empty string or blocked URL', (type) => {
    expect(['', blockedUrl]).toContain(toSafeContent(null, type));
  });

  it('never passes script through', () => {
    expect(toSafeContent('alert(document.cookie)', 'script')).toBe('');
  });
});

/** Parses sanitised HTML and reports anything that could run script or leave the page. */
function dangers(html: string): string[] {
  const template = document.createElement('template');
  template.innerHTML = html;
  const found: string[] = [];
  for (const element of template.content.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (['script', 'iframe', 'object', 'embed', 'svg', 'math', 'style', 'form', 'base', 'link', 'meta'].includes(tag)) found.push(`<${tag}>`);
    for (const attr of element.attributes) {
      if (/^on/i.test(attr.name)) found.push(`${tag}[${attr.name}]`);
      if (['style', 'srcset'].includes(attr.name)) found.push(`${tag}[${attr.name}]`);
      // eslint-disable-next-line no-control-regex -- control characters are how such URLs hide
      if (/^\s*(javascript|vbscript|data:text|data:image\/svg)/i.test(attr.value.replace(/[\s\u0000-\u001f]/g, ''))) {
        found.push(`${tag}[${attr.name}=${attr.value}]`);
      }
    }
  }
  return found;
}

describe('html: hostile inputs', () => {
  it.each([
    ['script tag', '<p>hi</p><script>alert(1)</script>', '<p>hi</p>'],
    ['inline handler', '<img src="x.png" onerror="alert(1)">', '<img src="x.png">'],
    ['handler on a link', '<a href="https://acme.test" onclick="alert(1)">x</a>', '<a href="https://acme.test">x</a>'],
    ['javascript: link', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['javascript: with tab and entities', '<a href="jav&#x09;ascript:alert(1)">x</a>', '<a>x</a>'],
    ['upper-case JAVASCRIPT:', '<a href="JAVASCRIPT:alert(1)">x</a>', '<a>x</a>'],
    ['vbscript: link', '<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['data:text/html link', '<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['svg onload', '<svg onload="alert(1)"><circle r="1"/></svg><p>ok</p>', '<p>ok</p>'],
    ['svg data image', '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">', '<img>'],
    ['iframe', '<iframe src="https://evil.test"></iframe><p>ok</p>', '<p>ok</p>'],
    ['object and embed', '<object data="x.swf"></object><embed src="x.swf"><p>ok</p>', '<p>ok</p>'],
    ['style tag', '<style>body{background:url(https://evil.test)}</style><p>ok</p>', '<p>ok</p>'],
    ['style attribute', '<p style="background:url(javascript:alert(1))">ok</p>', '<p>ok</p>'],
    ['srcset', '<img src="a.png" srcset="b.png 1x, javascript:alert(1) 2x">', '<img src="a.png">'],
    ['form with formaction', '<form action="https://evil.test"><button formaction="javascript:alert(1)">go</button></form>', ''],
    ['base tag', '<base href="https://evil.test/"><p>ok</p>', '<p>ok</p>'],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil.test"><p>ok</p>', '<p>ok</p>'],
    ['math with xlink', '<math><mi xlink:href="javascript:alert(1)">x</mi></math>', ''],
    ['mutation XSS', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">', ''],
    ['template smuggling', '<template><script>alert(1)</script></template><p>ok</p>', '<p>ok</p>'],
    ['remote image (tracking pixel)', '<img src="https://evil.test/x.png" alt="x">', '<img alt="x">'],
    ['protocol-relative image', '<img src="//evil.test/x.png">', '<img>'],
    ['backslash image', '<img src="/\\evil.test/x.png">', '<img>'],
    ['remote video poster and source', '<video poster="https://evil.test/p.png" src="http://evil.test/v.mp4"></video>', '<video></video>'],
  ])('%s', (_name, input, expected) => {
    const output = toSafeContent(input, 'html');
    expect(dangers(output)).toEqual([]);
    if (expected !== '') expect(output).toBe(expected);
  });

  it('keeps the simple HTML the product sends', () => {
    const html = '<p>We collect <strong>usage</strong> data.</p><p>Read <a href="https://acme.test/privacy">the notice</a>.</p><ul><li>One</li></ul>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('keeps relative, mailto and tel links and raster data images', () => {
    const html = '<a href="/help">a</a><a href="mailto:help@acme.test">b</a><a href="tel:+441234">c</a><img src="data:image/png;base64,iVBORw0KGgo=">';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('keeps images from this origin, relative or absolute', () => {
    const html = `<img src="/brand/a.png"><img src="${location.origin}/brand/b.png">`;
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('links that open a new window cannot reach back', () => {
    expect(sanitizeHtml('<a href="https://acme.test" target="_blank">x</a>')).toBe(
      '<a href="https://acme.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  /** Every element of `html` that names a window to navigate, and the rel it carries. */
  function targets(html: string): string[] {
    const template = document.createElement('template');
    template.innerHTML = sanitizeHtml(html);
    return [...template.content.querySelectorAll('[target], [formtarget]')].map(
      (element) => `${element.tagName.toLowerCase()} ${element.getAttribute('target') ?? element.getAttribute('formtarget')} rel=${element.getAttribute('rel')}`,
    );
  }

  it.each([
    ['a named window', '<a href="https://acme.test" target="help">x</a>', ['a help rel=noopener noreferrer']],
    ['a link asking for the opener', '<a href="https://acme.test" target="_blank" rel="opener">x</a>', ['a _blank rel=noopener noreferrer']],
    ['an image-map area, new window', '<map name="m"><area shape="rect" coords="0,0,5,5" href="https://acme.test" target="_blank" alt="a"></map>', ['area _blank rel=noopener noreferrer']],
    ['an image-map area, named window', '<map name="m"><area shape="rect" coords="0,0,5,5" href="https://acme.test" target="help" alt="a"></map>', ['area help rel=noopener noreferrer']],
    ['a form with a target', '<form action="/x" target="help"><input name="q"></form>', []],
    ['a button with formtarget', '<button formtarget="help">go</button>', []],
    ['a target on an element that navigates nothing', '<p target="help">x</p>', []],
  ])('%s cannot reach back to this page', (_name, html, expected) => {
    expect(targets(html)).toEqual(expected);
  });
});

describe('url and resourceUrl', () => {
  it.each([
    // value, url result, resourceUrl result
    ['https://acme.test/a?b#c', 'https://acme.test/a?b#c', 'https://acme.test/a?b#c'],
    ['http://acme.test', 'http://acme.test', 'http://acme.test'],
    ['/reporting/benchmarking', '/reporting/benchmarking', '/reporting/benchmarking'],
    ['relative/path.png', 'relative/path.png', 'relative/path.png'],
    ['#section', '#section', '#section'],
    ['?q=1', '?q=1', '?q=1'],
    ['  https://acme.test  ', 'https://acme.test', 'https://acme.test'],
    ['mailto:help@acme.test', 'mailto:help@acme.test', blockedUrl],
    ['tel:+441234', 'tel:+441234', blockedUrl],
    ['javascript:alert(1)', blockedUrl, blockedUrl],
    ['JaVaScRiPt:alert(1)', blockedUrl, blockedUrl],
    [' \u0001javascript:alert(1)', blockedUrl, blockedUrl],
    ['java\tscript:alert(1)', blockedUrl, blockedUrl],
    ['java\nscript:alert(1)', blockedUrl, blockedUrl],
    ['javascript&colon;alert(1)', blockedUrl, blockedUrl],
    ['vbscript:msgbox(1)', blockedUrl, blockedUrl],
    ['data:text/html,<script>alert(1)</script>', blockedUrl, blockedUrl],
    ['data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=', blockedUrl, blockedUrl],
    ['data:image/png;base64,iVBORw0KGgo=', blockedUrl, 'data:image/png;base64,iVBORw0KGgo='],
    ['data:image/png,notbase64<script>', blockedUrl, blockedUrl],
    ['file:///etc/passwd', blockedUrl, blockedUrl],
    ['blob:https://evil.test/1', blockedUrl, blockedUrl],
    ['ftp://acme.test', blockedUrl, blockedUrl],
  ])('%j → url %j, resourceUrl %j', (value, url, resourceUrl) => {
    expect(toSafeContent(value, 'url')).toBe(url);
    expect(toSafeContent(value, 'resourceUrl')).toBe(resourceUrl);
  });
});

describe('style: hostile inputs', () => {
  it.each([
    ['plain declarations', 'color: red; background-color: #fff', 'color: red; background-color: #fff'],
    ['custom properties for branding', '--color-primary: #0f5e6e; --color-on-primary:#fff', '--color-primary: #0f5e6e; --color-on-primary:#fff'],
    ['functions', 'width: calc(100% - 3.2rem); color: rgb(0 0 0 / 50%)', 'width: calc(100% - 3.2rem); color: rgb(0 0 0 / 50%)'],
    ['https image', 'background-image: url("https://acme.test/logo.png")', 'background-image: url("https://acme.test/logo.png")'],
    ['data image with ;', 'background: url(data:image/png;base64,iVBORw0KGgo=); color: red', 'background: url(data:image/png;base64,iVBORw0KGgo=); color: red'],
    ['javascript url', 'background: url(javascript:alert(1)); color: red', 'color: red'],
    ['quoted javascript url', "background: url('javascript:alert(1)')", ''],
    ['svg data url', 'background: url(data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)', ''],
    ['expression()', 'width: expression(alert(1)); color: red', 'color: red'],
    ['IE behavior', 'behavior: url(x.htc); color: red', 'color: red'],
    ['-moz-binding', '-moz-binding: url(https://evil.test/x.xml#x)', ''],
    ['@import smuggled', 'color: red; @import url(https://evil.test/x.css)', 'color: red'],
    ['escape obfuscation', 'background: u\\72l(javascript:alert(1))', ''],
    ['comment obfuscation', 'background: url(java/**/script:alert(1))', ''],
    ['closing a style tag', 'color: red</style><script>alert(1)</script>', ''],
    ['unbalanced parenthesis', 'background: url(https://acme.test/x.png', ''],
    ['unbalanced quote', 'font-family: "Arial', ''],
    ['not a declaration', 'alert(1)', ''],
    ['bad property names', 'c o l: red; 1x: y; url(x): y', ''],
  ])('%s', (_name, input, expected) => {
    expect(sanitizeStyle(input)).toBe(expected);
    expect(toSafeContent(input, 'style')).toBe(expected);
  });
});
