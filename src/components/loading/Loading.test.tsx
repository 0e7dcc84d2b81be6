// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Loading, loadingSizes } from './Loading';

describe('loading display (SPEC §2)', () => {
  it('has the three sizes of the spec', () => {
    expect(loadingSizes).toEqual({ small: '1.8rem', medium: '4.5rem', large: '10rem' });
  });

  it.each([
    [undefined, '1.8rem'],
    ['medium', '4.5rem'],
    ['large', '10rem'],
  ] as const)('size %s draws a %s icon and announces itself', (size, width) => {
    const { container, unmount } = render(<Loading {...(size ? { size } : {})} />);
    expect(screen.getByRole('status')).toBeTruthy();
    const icon = container.querySelector<HTMLElement>('.loading__icon');
    expect(icon?.style.width).toBe(width);
    unmount();
  });
});
