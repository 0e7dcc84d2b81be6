/**
 * The Content-Security-Policy a proxied platform answer gets on the shell's origin (deploy/nginx's
 * maps, and `vite preview` with PLATFORM_ORIGIN). What the shell loads as data, script, style, font
 * or image passes as it is; anything else (HTML pages, plain text, SVG, untyped) is sandboxed: an
 * opaque origin, so it cannot reach the shell's storage, cookies or service worker, and it loads
 * nothing. The platform's browser-navigation pages the member acts on (the authorization page, the
 * SAML sign-out form that posts itself to the identity provider) keep their forms and inline script,
 * still without the shell's origin.
 */
export const platformSandbox = "sandbox; default-src 'none'";
export const platformPageSandbox =
  "sandbox allow-forms allow-scripts; default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; form-action 'self' https:";

/** The platform's browser-navigation pages (platform-api.yaml, x-browser-navigation with a form). */
const pagePaths = ['api/access/v1/oauth/authorize', 'oidc/authorize', 'authentication/saml2/logout', 'access/v1/saml/logout'];
/** As nginx and JavaScript read it alike (a location regex in deploy/nginx). */
const pagePattern = `^/(?:${pagePaths.join('|')})$`;
export const platformPages = new RegExp(pagePattern);

/** Types that pass unsandboxed; written once, for both hosts (nginx reads these patterns as JavaScript does, `~*`: no flag). */
const passes = [
  /^application\/([a-z0-9.-]+\+)?json\b/i,
  /^(text|application)\/javascript\b/i,
  /^text\/css\b/i,
  /^font\//i,
  /^image\/(png|jpeg|gif|webp|avif|x-icon|vnd\.microsoft\.icon)\b/i,
];

const htmlType = /^text\/html\b/i;

/** The policy for an answer to `path` (no query) of `contentType`; null: none of the shell's. */
export function platformAnswerPolicy(path: string, contentType: string | undefined): string | null {
  const type = contentType ?? '';
  if (platformPages.test(path) && htmlType.test(type)) return platformPageSandbox;
  return passes.some((rule) => rule.test(type)) ? null : platformSandbox;
}

/**
 * The same rules as deploy/nginx's maps (filled into its template by `npm run nginx-site`): the
 * policy of a proxied answer by its type, and of a browser-navigation page's.
 */
export function platformAnswerMaps(): string {
  const rule = (pattern: RegExp, value: string) => `    "~*${pattern.source.replace(/\\\//g, '/')}" "${value}";`;
  return [
    'map $upstream_http_content_type $trust_shell_platform_csp {',
    ...passes.map((pattern) => rule(pattern, '')),
    `    default "${platformSandbox}";`,
    '}',
    'map $upstream_http_content_type $trust_shell_platform_page_csp {',
    rule(htmlType, platformPageSandbox),
    '    default $trust_shell_platform_csp;',
    '}',
  ].join('\n');
}

/** The browser-navigation pages as deploy/nginx's location regex. */
export const platformPagesLocation = `"${pagePattern}"`;
