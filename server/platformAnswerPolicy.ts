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
export const platformPages = /^\/(?:api\/access\/v1\/oauth\/authorize|oidc\/authorize|authentication\/saml2\/logout|access\/v1\/saml\/logout)$/;

const passes = [
  /^application\/([a-z0-9.-]+\+)?json\b/i,
  /^(text|application)\/javascript\b/i,
  /^text\/css\b/i,
  /^font\//i,
  /^image\/(png|jpeg|gif|webp|avif|x-icon|vnd\.microsoft\.icon)\b/i,
];

/** The policy for an answer to `path` (no query) of `contentType`; null: none of the shell's. */
export function platformAnswerPolicy(path: string, contentType: string | undefined): string | null {
  const type = contentType ?? '';
  if (platformPages.test(path) && /^text\/html\b/i.test(type)) return platformPageSandbox;
  return passes.some((rule) => rule.test(type)) ? null : platformSandbox;
}
