// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { markFirstScreenShown } from '../../../lib/firstScreen';
import { waitBound } from '../../../core/waitBound.testSupport';
import { deferredMenu, useMenuStart, type MenuStart } from './deferredMenu';

afterEach(cleanup);

/** A menu as the loaded code makes one: its trigger opens it. */
function LiveMenu({ start }: { start: MenuStart }) {
  const { trigger, open, setOpen } = useMenuStart(start);
  return (
    <>
      <button ref={trigger} type="button" data-live="" onClick={() => setOpen(true)}>
        Account
      </button>
      {open && <div role="menu">Sign out</div>}
    </>
  );
}

describe('deferredMenu', () => {
  it('a key pressed on the stand-in as the live menu replaces it reaches the live trigger, not the page', async () => {
    const Menu = deferredMenu(() => Promise.resolve(LiveMenu));
    render(<Menu standIn={{ className: 'chrome__user', label: 'Account', children: 'Account' }} />);
    screen.getByRole('button', { name: 'Account' }).focus();
    // Enter pressed in the first moment the live trigger is in the document, before the page
    // has drawn again: the browser gives the key, and the click it makes, to whatever has the focus.
    const pressed = new Promise<Element | null>((resolve) => {
      const seen = new MutationObserver(() => {
        if (!document.querySelector('[data-live]')) return;
        seen.disconnect();
        const focused = document.activeElement;
        if (focused instanceof HTMLButtonElement) focused.click();
        resolve(focused);
      });
      seen.observe(document.body, { childList: true, subtree: true });
    });
    markFirstScreenShown();
    const focused = await pressed;
    expect(focused?.hasAttribute('data-live')).toBe(true);
    await waitFor(() => expect(screen.getByRole('menu')).toBeTruthy(), waitBound);
  });

  it('a click on the stand-in before the code is there opens the live menu once it is', async () => {
    const Menu = deferredMenu(() => Promise.resolve(LiveMenu));
    render(<Menu standIn={{ className: 'chrome__user', label: 'Account', children: 'Account' }} />);
    screen.getByRole('button', { name: 'Account' }).click();
    markFirstScreenShown();
    await waitFor(() => expect(screen.getByRole('menu')).toBeTruthy(), waitBound);
    expect(document.activeElement?.hasAttribute('data-live')).toBe(true);
  });
});
