import { createContext, useContext, type ReactNode } from 'react';

export type TextDirection = 'ltr' | 'rtl';

/**
 * The language on screen and its direction, as the app tells the kit (`KitLocaleProvider` at the
 * root, fed from the i18n atoms): the kit reads no domain state itself.
 */
const KitLocaleContext = createContext<{ language: string; dir: TextDirection }>({ language: 'en-us', dir: 'ltr' });

export function KitLocaleProvider({ language, dir, children }: { language: string; dir: TextDirection; children: ReactNode }) {
  return <KitLocaleContext.Provider value={{ language, dir }}>{children}</KitLocaleContext.Provider>;
}

/**
 * The text direction the kit's Ark components use (their popups are portalled out of the page, so
 * they need it explicitly). The language decides it (SPEC §4); a DirectionProvider may override
 * it for a part of the page, as the UI kit page's direction switch does.
 */
const DirectionContext = createContext<TextDirection | null>(null);

export function DirectionProvider({ dir, children }: { dir: TextDirection; children: ReactNode }) {
  return <DirectionContext.Provider value={dir}>{children}</DirectionContext.Provider>;
}

export function useDirection(): TextDirection {
  const override = useContext(DirectionContext);
  const { dir } = useContext(KitLocaleContext);
  return override ?? dir;
}

/**
 * The locale for Ark's calendar formatting: the language on screen, always with the Gregorian
 * calendar and Latin digits, so the grid matches the numeric dates typed into the input.
 */
export function useCalendarLocale(): string {
  const { language } = useContext(KitLocaleContext);
  return `${language}-u-ca-gregory-nu-latn`;
}
