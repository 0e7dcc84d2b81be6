// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithKeys } from '../keyTexts.testSupport';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from './toast';
import { Toaster } from './Toaster';

// The texts are their keys (renderWithKeys), so keys are asserted.

beforeEach(() => {
  // Ark's toast clocks run on animation frames and performance.now.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance', 'Date'] });
});
afterEach(() => {
  act(() => toast.clear());
  cleanup();
  vi.useRealTimers();
});

/** Timers and frames move, and what they set off (microtasks, React's updates) settles. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** The Toaster subscribes to the queue once it has mounted. */
const mount = async () => {
  renderWithKeys(<Toaster />);
  await advance(0);
};
/** The toasts on screen, newest first (Ark's order), open or on their way out. */
const shown = () => [...document.querySelectorAll('[data-toast-id]')].map((el) => el.querySelector('.toast__title')?.textContent);
const open = () => [...document.querySelectorAll('.toast[data-state="open"]')].map((el) => el.querySelector('.toast__title')?.textContent);

describe('<Toaster> (Ark UI; SPEC §9)', () => {
  it('shows each toast for 6000 ms from when it opened, then removes it', async () => {
    await mount();
    act(() => void toast.show({ titleKey: 'A' }));
    await advance(0);
    await advance(2000);
    act(() => void toast.show({ titleKey: 'B' }));
    await advance(0);
    expect(shown()).toEqual(['B', 'A']);
    await advance(3900);
    expect(open()).toEqual(['B', 'A']);
    await advance(200); // A's 6000 ms are up: it leaves (its exit animation), then is gone.
    expect(open()).toEqual(['B']);
    await advance(400);
    expect(shown()).toEqual(['B']);
    await advance(1500);
    expect(open()).toEqual([]);
    await advance(400);
    expect(shown()).toEqual([]);
  });

  it('five leave four on screen, the oldest gone at once; information is a status, an error an alert', async () => {
    await mount();
    act(() => {
      for (let i = 1; i <= 4; i += 1) toast.show({ titleKey: `T${i}` });
      toast.error({ titleKey: 'T5', descriptionKey: 'D5' });
    });
    await advance(0);
    expect(shown()).toEqual(['T5', 'T4', 'T3', 'T2']);
    expect(screen.getByRole('alert').textContent).toContain('D5');
    expect(screen.getAllByRole('status')).toHaveLength(3);
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeTruthy();
  });

  it('the close button closes its toast', async () => {
    await mount();
    act(() => void toast.show({ titleKey: 'A' }));
    await advance(0);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await advance(400);
    expect(shown()).toEqual([]);
  });
});
