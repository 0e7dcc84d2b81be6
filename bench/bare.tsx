import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

/** The start-up benchmark's yardstick: the smallest React page, built by the same toolchain. */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <header>
      <span data-testid="user-name">Ada Admin</span>
    </header>
  </StrictMode>,
);
