import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { Provider, appStore } from '../state/jotai';
import { createShellRouter } from './router';

export function App() {
  // Created on first render, not at import: a data router starts its loaders (the guards) at once,
  // and they must not run before the configuration and the session layer are ready.
  const [router] = useState(createShellRouter);
  return (
    <Provider store={appStore}>
      <RouterProvider router={router} />
    </Provider>
  );
}
