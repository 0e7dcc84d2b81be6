import createDOMPurify, { type DOMPurify } from 'dompurify';
import type { TrustedHTML, TrustedTypePolicy, TrustedTypesWindow } from 'trusted-types/lib';
import { trustedTypePolicyNames } from '../../core/trustedTypes';

/**
 * SPEC §5 safe-content conversion: the one place server-provided HTML, styles and URLs become
 * something the page may render. Types html, style, script, url and resourceUrl; anything else
 * throws 'Invalid safe type specified'.
 *
 * - html: DOMPurify (HTML profile only: no SVG or MathML), no forms, no inline styles or srcset,
 *   (under Trusted Types through the shell's one HTML policy, trust-shell-html: `sanitizeToTrustedHtml`
 *   gives what an HTML sink accepts),
 *   every link through the url rule below and every source (img, video…) only from this origin or
 *   a base64 raster image; links (a, area) opening a new or named window get rel="noopener
 *   noreferrer", and no other element keeps a target.
 * - style: declarations kept one by one; expression(), behaviours, bindings, @import, escapes and
 *   url()s to anything but a safe resource are dropped.
 * - script: server script is never run, so the result is always empty.
 * - url: http(s), mailto, tel or relative; anything else (javascript:, data:, vbscript:, file:…)
 *   becomes about:blank.
 * - resourceUrl (images, frames): https, http or relative, plus base64 raster images as data: URLs
 *   (branding logos and favicons arrive that way); SVG data URLs can carry script and are refused.
 */
export const safeTypes = ['html', 'style', 'script', 'url', 'resourceUrl'] as const;
export type SafeType = (typeof safeTypes)[number];

/** What an unsafe URL is replaced with: navigates nowhere, loads nothing. */
export const blockedUrl = 'about:blank';

export function isSafeType(type: unknown): type is SafeType {
  return typeof type === 'string' && (safeTypes as readonly string[]).includes(type);
}

export function toSafeContent(value: string | null | undefined, type: SafeType | (string & {})): string {
  if (!isSafeType(type)) throw new Error('Invalid safe type specified');
  const text = value ?? '';
  switch (type) {
    case 'html':
      return sanitizeHtml(text);
    case 'style':
      return sanitizeStyle(text);
    case 'script':
      return '';
    case 'url':
      return sanitizeUrl(text);
    case 'resourceUrl':
      return sanitizeResourceUrl(text);
  }
}

// ---------------------------------------------------------------------------------------------------
// URLs

/** Browsers drop these before reading a scheme ("java\tscript:" is javascript:). */
// eslint-disable-next-line no-control-regex -- the control characters are the point
const ignoredInUrls = /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]/g;
/** No scheme: a path, query or fragment (no ':' before the first '/', '?' or '#'; no entity '&'). */
const relativeUrl = /^[^&:/?#]*(?:[/?#]|$)/;
const scheme = /^([a-z][a-z0-9+.-]*):/i;
const safeImageData = /^data:image\/(?:png|gif|jpeg|jpg|webp|avif|bmp|x-icon|vnd\.microsoft\.icon);base64,[a-z0-9+/]+=*$/i;

function urlScheme(url: string): string | null {
  const compact = url.replace(ignoredInUrls, '');
  if (relativeUrl.test(compact)) return null;
  return scheme.exec(compact)?.[1]?.toLowerCase() ?? 'invalid';
}

export function isSafeUrl(url: string): boolean {
  const found = urlScheme(url);
  return found === null || ['http', 'https', 'mailto', 'tel'].includes(found);
}

export function isSafeResourceUrl(url: string): boolean {
  const found = urlScheme(url);
  if (found === null || found === 'http' || found === 'https') return true;
  return found === 'data' && safeImageData.test(url.trim());
}

/**
 * A source that server HTML (banners, the product-improvements text) may load by itself: this
 * origin's files or a base64 raster image, never another host (no tracking pixels, no remote
 * frames; hostile strings load nothing).
 */
export function isEmbeddableResourceUrl(url: string): boolean {
  if (!isSafeResourceUrl(url)) return false;
  if (urlScheme(url) === 'data') return true;
  const here = globalThis.location;
  if (!here) return false;
  try {
    return new URL(url.trim(), here.href).origin === here.origin;
  } catch {
    return false;
  }
}

export function sanitizeUrl(url: string): string {
  return isSafeUrl(url) ? url.trim() : blockedUrl;
}

export function sanitizeResourceUrl(url: string): string {
  return isSafeResourceUrl(url) ? url.trim() : blockedUrl;
}

// ---------------------------------------------------------------------------------------------------
// Styles

const propertyName = /^(?:--[a-z0-9_-]+|-?[a-z][a-z0-9-]*)$/i;
const forbiddenProperties = new Set(['behavior', '-moz-binding', '-ms-behavior']);
const dangerousValue = /[<>\\]|\/\*|expression\s*\(|javascript:|vbscript:|@import|-moz-binding|behavior/i;
const urlFunction = /url\s*\(\s*(['"]?)(.*?)\1\s*\)/gi;

/** Splits on ';' outside quotes and parentheses (a data: URL holds a ';'). */
function declarations(style: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let current = '';
  for (const char of style) {
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(') depth += 1;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (char === ';' && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter(Boolean);
}

function isSafeDeclaration(declaration: string): boolean {
  const colon = declaration.indexOf(':');
  if (colon <= 0) return false;
  const property = declaration.slice(0, colon).trim();
  const value = declaration.slice(colon + 1).trim();
  if (!propertyName.test(property) || forbiddenProperties.has(property.toLowerCase())) return false;
  if (value === '' || dangerousValue.test(value.replace(ignoredInUrls, ''))) return false;
  for (const match of value.matchAll(urlFunction)) {
    if (!isSafeResourceUrl(match[2] ?? '')) return false;
  }
  // An unclosed url( or quote could swallow what follows it.
  const quotes = (value.match(/["']/g) ?? []).length;
  const opened = (value.match(/\(/g) ?? []).length;
  const closed = (value.match(/\)/g) ?? []).length;
  return quotes % 2 === 0 && opened === closed;
}

export function sanitizeStyle(style: string): string {
  return declarations(style).filter(isSafeDeclaration).join('; ');
}

// ---------------------------------------------------------------------------------------------------
// HTML

const urlAttributes = new Set(['href', 'xlink:href', 'action', 'formaction', 'cite', 'longdesc']);
const resourceAttributes = new Set(['src', 'poster', 'background', 'data']);

/** The elements that follow a link into the window their `target` names (and take rel). */
const navigatesWithTarget = new Set(['A', 'AREA']);

let purifier: DOMPurify | null = null;

// The policy as DOMPurify's typings name it (the browser's object is one; the typings of
// createPolicy give only the named rules).
type SanitiserPolicy = TrustedTypePolicy;

/**
 * The sanitiser's Trusted Types policy (trust-shell-html), given to DOMPurify as its
 * TRUSTED_TYPES_POLICY and to no one else: DOMPurify alone calls it, for the markup it parses in its
 * inert document and for what it returns. Script addresses are never passed (a script's src is
 * removed anyway): its createScriptURL gives an empty one. Null where the browser has no Trusted Types.
 */
function sanitiserPolicy(): SanitiserPolicy | null {
  const factory = (globalThis as Partial<TrustedTypesWindow>).trustedTypes;
  if (!factory) return null;
  return factory.createPolicy(trustedTypePolicyNames.html, { createHTML: (html: string) => html, createScriptURL: () => '' }) as unknown as SanitiserPolicy;
}
let policy: SanitiserPolicy | null = null;

function getPurifier(): DOMPurify {
  if (purifier) return purifier;
  // An instance of our own, so these hooks never change how anyone else's DOMPurify behaves.
  const instance = createDOMPurify(window);
  instance.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    if (urlAttributes.has(name) && !isSafeUrl(data.attrValue)) data.keepAttr = false;
    if (resourceAttributes.has(name) && !isEmbeddableResourceUrl(data.attrValue)) data.keepAttr = false;
  });
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (!(node instanceof Element)) return;
    // A link that opens a named or new window must not hand that window this page (window.opener):
    // a and area keep the target with rel="noopener noreferrer" (whatever rel they asked for);
    // on anything else a target or formtarget is dropped (forms and buttons are forbidden anyway).
    if (navigatesWithTarget.has(node.tagName) && node.hasAttribute('target')) node.setAttribute('rel', 'noopener noreferrer');
    else node.removeAttribute('target');
    node.removeAttribute('formtarget');
  });
  policy = sanitiserPolicy();
  purifier = instance;
  return instance;
}

const rules = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'base', 'link', 'meta'],
  FORBID_ATTR: ['style', 'srcset', 'formaction', 'ping'],
  ADD_ATTR: ['target'],
  ALLOW_DATA_ATTR: false,
};

export function sanitizeHtml(html: string): string {
  const instance = getPurifier();
  // With the policy DOMPurify never creates its own ('dompurify'), which the page's CSP refuses.
  return instance.sanitize(html, { ...rules, TRUSTED_TYPES_POLICY: policy ?? undefined, RETURN_TRUSTED_TYPE: false });
}

/** The sanitised markup as an HTML sink takes it: TrustedHTML under Trusted Types, else the string. */
export function sanitizeToTrustedHtml(html: string | null | undefined): TrustedHTML | string {
  const instance = getPurifier();
  if (!policy) return sanitizeHtml(html ?? '');
  return instance.sanitize(html ?? '', { ...rules, TRUSTED_TYPES_POLICY: policy, RETURN_TRUSTED_TYPE: true });
}
