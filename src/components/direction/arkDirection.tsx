import type { ReactNode } from 'react';
import { LocaleProvider } from '@ark-ui/react/locale';
import { useDirection } from './direction';

// Its own module: Ark's locale context comes with the Ark components that need it (loaded
// lazily), not with the kit's locale provider at the root of every page.
/**
 * Ark components take their direction from its locale context only (no `dir` prop), so the kit
 * wraps them in one whose locale is a stand-in of the right direction. Nothing else reads that
 * locale: the calendar gets the page's real locale explicitly (useCalendarLocale).
 */
export function ArkDirection({ children }: { children: ReactNode }) {
  const dir = useDirection();
  return <LocaleProvider locale={dir === 'rtl' ? 'ar' : 'en-US'}>{children}</LocaleProvider>;
}
