// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Provider, appStore } from '../../state/jotai';
import { themeEnabledAtom } from '../../lib/state/signedInState';
import { storageKeys } from '../../lib/storage/keys';
import { removeLocal } from '../../lib/storage/localStore';
import { applyTheme } from '../../lib/theme/theme';
import { ThemeMenu } from './ThemeMenu';

const renderMenu = () =>
  render(
    <Provider store={appStore}>
      <ThemeMenu />
    </Provider>,
  );

afterEach(() => {
  cleanup();
  applyTheme('default');
  removeLocal(storageKeys.theme);
  appStore.set(themeEnabledAtom, false);
});

describe('ThemeMenu (SPEC §4)', () => {
  it('is not there while theme switching is off', () => {
    appStore.set(themeEnabledAtom, false);
    renderMenu();
    expect(screen.queryByRole('combobox', { name: 'Theme' })).toBeNull();
  });

  it('offers the four themes, shows the current one, and stores and applies a pick', () => {
    appStore.set(themeEnabledAtom, true);
    applyTheme('preview');
    renderMenu();
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Theme' });
    expect([...select.options].map((o) => [o.value, o.text])).toEqual([
      ['default', 'ThemeDefault'],
      ['preview', 'ThemePreview'],
      ['preview-dark', 'ThemePreviewDark'],
      ['preview-system', 'ThemePreviewSystem'],
    ]);
    expect(select.value).toBe('preview');
    fireEvent.change(select, { target: { value: 'preview-dark' } });
    expect(document.documentElement.dataset.theme).toBe('preview-dark');
    expect(localStorage.getItem(storageKeys.theme)).toBe('preview-dark');
    expect(select.value).toBe('preview-dark');
  });

  it('follows a theme applied elsewhere, and disappears when switching turns off', () => {
    appStore.set(themeEnabledAtom, true);
    renderMenu();
    act(() => applyTheme('preview-system'));
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Theme' }).value).toBe('preview-system');
    act(() => appStore.set(themeEnabledAtom, false));
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
