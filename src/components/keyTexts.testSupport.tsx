import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';

/**
 * Component tests assert the texts' keys: every `t(key)` shows `key` (i18next's `cimode`). The
 * instance is the test's own, handed down by context, so nothing another test file left in
 * react-i18next reaches it (src/unitTestSetup.testSupport.ts).
 */
const keys = createInstance();
void keys.init({ lng: 'cimode', initAsync: false, resources: {} });

export function KeyTexts({ children }: { children: ReactNode }) {
  return <I18nextProvider i18n={keys}>{children}</I18nextProvider>;
}

/** Testing Library's render, with the key texts. */
export function renderWithKeys(ui: ReactElement, options: Omit<RenderOptions, 'wrapper'> = {}) {
  return render(ui, { ...options, wrapper: KeyTexts });
}
