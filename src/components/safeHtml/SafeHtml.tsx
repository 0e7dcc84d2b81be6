import { useMemo } from 'react';
import { toSafeContent } from '../../lib/safeContent/safeContent';

export interface SafeHtmlProps {
  /** HTML from the server or a translation (e.g. ProductImprovementsDescription). */
  html: string | null | undefined;
  as?: 'div' | 'span' | 'p' | 'section';
  className?: string;
  id?: string;
}

/**
 * Server HTML on screen, always through the safe-content module (DOMPurify, safe links only):
 * the one sanctioned use of dangerouslySetInnerHTML in the app.
 */
export function SafeHtml({ html, as: Tag = 'div', className, id }: SafeHtmlProps) {
  const clean = useMemo(() => toSafeContent(html, 'html'), [html]);
  return <Tag id={id} className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
