import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * The start-up benchmark's yardstick: the smallest React page, built by the same toolchain. The
 * name is a block of its own, as the shell's is: Element Timing (bench/startup.ts) reports a text's
 * paint on its nearest block, which must carry the mark.
 */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <header>
      <div data-testid="user-name">Ada Admin</div>
    </header>
  </StrictMode>,
);
