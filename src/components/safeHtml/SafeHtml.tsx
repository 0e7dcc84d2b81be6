import { useMemo } from 'react';
import type { TrustedHTML } from 'trusted-types/lib';
import { sanitizeToTrustedHtml } from '../../lib/safeContent/safeContent';

export interface SafeHtmlProps {
  /** HTML from the server or a translation (e.g. ProductImprovementsDescription). */
  html: string | null | undefined;
  as?: 'div' | 'span' | 'p' | 'section';
  className?: string;
  id?: string;
}

/**
 * Server HTML on screen, always through the safe-content module (DOMPurify, safe links only):
 * the one sanctioned use of dangerouslySetInnerHTML in the app, given the sanitiser's TrustedHTML
 * (the page's CSP requires Trusted Types: a plain string would be refused).
 */
/**
 * The last strings cleaned, so a render that React throws away and retries (a lazy part of the same
 * screen suspending) does not parse the same server HTML again.
 */
const cleaned = new Map<string, TrustedHTML | string>();
const keep = 64;

function clean(html: string | null | undefined): TrustedHTML | string {
  if (typeof html !== 'string') return sanitizeToTrustedHtml(html);
  const known = cleaned.get(html);
  if (known !== undefined) return known;
  const result = sanitizeToTrustedHtml(html);
  if (cleaned.size >= keep) cleaned.delete(cleaned.keys().next().value!);
  cleaned.set(html, result);
  return result;
}

export function SafeHtml({ html, as: Tag = 'div', className, id }: SafeHtmlProps) {
  const safe = useMemo(() => clean(html), [html]);
  return <Tag id={id} className={className} dangerouslySetInnerHTML={{ __html: safe }} />;
}
