import type { ReactNode } from 'react';
import { RouterProvider } from 'react-router-dom';
import { Provider, appStore, useAtomValue } from '../state/jotai';
import type { createShellRouter } from './router';
import { KitLocaleProvider } from '../components/direction/direction';
import { languageAtom, textDirectionAtom } from '../lib/i18n/runtime';
import { UpdateNotice } from '../features/update/UpdateNotice';

/** The UI kit learns the language on screen and its direction here (it reads no atoms itself). */
function KitLocale({ children }: { children: ReactNode }) {
  return (
    <KitLocaleProvider language={useAtomValue(languageAtom)} dir={useAtomValue(textDirectionAtom)}>
      {children}
    </KitLocaleProvider>
  );
}

/**
 * The router is created by the start-up (main.tsx), not at import: a data router starts its loaders
 * (the guards) at once, and they must not run before the configuration and the session layer are
 * ready; and not in this render, whose task it would lengthen.
 */
export function App({ router }: { router: ReturnType<typeof createShellRouter> }) {
  return (
    <Provider store={appStore}>
      <KitLocale>
        <RouterProvider router={router} />
        {/* Where no top bar shows it (the signed-in layout's does). */}
        <UpdateNotice where="page" />
      </KitLocale>
    </Provider>
  );
}
