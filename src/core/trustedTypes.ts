/**
 * The Trusted Types policies the shell creates, named in one place: the Content-Security-Policy
 * (server/securityHeaders) allows exactly these, and the page creates each once.
 * - html: the sanitiser's (lib/safeContent, DOMPurify's TRUSTED_TYPES_POLICY): the only way markup
 *   reaches an HTML sink (SafeHtml's dangerouslySetInnerHTML).
 * - scriptUrl: addresses of this build's own scripts (the service worker, the org-tree worker) and
 *   the configured analytics agent (lib/trustedTypes/scriptUrls); anything else is refused.
 */
export const trustedTypePolicyNames = {
  html: 'trust-shell-html',
  scriptUrl: 'trust-shell-script-url',
} as const;
