// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Component, Suspense, useLayoutEffect, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { markFirstScreenShown } from './firstScreen';
import { lazyInTurn } from './partsInTurn';
import { waitBound } from '../core/waitBound.testSupport';

afterEach(cleanup);

/** A part that notes, as it commits, which parts are already in the document. */
function part(name: string, log: string[][]) {
  return function Part() {
    useLayoutEffect(() => {
      log.push([name, ...[...document.querySelectorAll('[data-part]')].map((e) => e.getAttribute('data-part') ?? '')]);
    }, []);
    return <span data-part={name}>{name}</span>;
  };
}

class Failed extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

describe('lazyInTurn', () => {
  it('mounts the parts after the first screen one commit each, in render order, even when their code is there together', async () => {
    const log: string[][] = [];
    const Menu = lazyInTurn(() => Promise.resolve(part('menu', log)));
    const Broken = lazyInTurn<object>(() => Promise.reject(new Error('chunk failed')));
    const Toaster = lazyInTurn(() => Promise.resolve(part('toaster', log)));
    render(
      <>
        <Suspense fallback={null}>
          <Menu />
        </Suspense>
        <Failed>
          <Suspense fallback={null}>
            <Broken />
          </Suspense>
        </Failed>
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </>,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Nothing before the first screen is shown.
    expect(screen.queryByText('menu')).toBeNull();
    markFirstScreenShown();
    await waitFor(() => expect(screen.getByText('toaster')).toBeTruthy(), waitBound);
    // The menu committed alone; the toaster (after a part whose code failed, which held nothing up) after it.
    expect(log).toEqual([
      ['menu', 'menu'],
      ['toaster', 'menu', 'toaster'],
    ]);
  });
});
