// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import { renderWithKeys } from '../../components/keyTexts.testSupport';
import { afterEach, describe, expect, it } from 'vitest';
import { Provider, appStore } from '../../state/jotai';
import { themeEnabledAtom } from '../../lib/state/signedInState';
import { storageKeys } from '../../lib/storage/keys';
import { removeLocal } from '../../lib/storage/localStore';
import { applyTheme } from '../../lib/theme/theme';
import { Menu } from '@ark-ui/react/menu';
import { ThemeMenuGroup } from './ThemeMenu';

const renderMenu = () =>
  renderWithKeys(
    <Provider store={appStore}>
      <Menu.Root defaultOpen>
        <Menu.Trigger>menu</Menu.Trigger>
        <Menu.Positioner>
          <Menu.Content>
            <ThemeMenuGroup />
          </Menu.Content>
        </Menu.Positioner>
      </Menu.Root>
    </Provider>,
  );

afterEach(() => {
  cleanup();
  applyTheme('default');
  removeLocal(storageKeys.theme);
  appStore.set(themeEnabledAtom, false);
});

describe('ThemeMenuGroup (SPEC §4, in the avatar menu)', () => {
  it('is not there while theme switching is off', () => {
    appStore.set(themeEnabledAtom, false);
    renderMenu();
    expect(screen.queryAllByRole('menuitemradio')).toEqual([]);
  });

  it('offers the four themes as radio items and checks the current one', () => {
    appStore.set(themeEnabledAtom, true);
    applyTheme('preview');
    renderMenu();
    const items = screen.getAllByRole('menuitemradio');
    // Each item is the check mark (shown only on the checked one) and the theme's name.
    expect(items.map((item) => item.textContent?.replace('✓', ''))).toEqual(['ThemeDefault', 'ThemePreview', 'ThemePreviewDark', 'ThemePreviewSystem']);
    const checked = () => screen.getAllByRole('menuitemradio').filter((item) => item.getAttribute('aria-checked') === 'true').map((item) => item.textContent);
    expect(checked()).toEqual([expect.stringContaining('ThemePreview')]);
    // Picking one (Ark's pointer and keyboard model) is driven in the browser: branding.spec.ts.
  });

  it('follows a theme applied elsewhere, and disappears when switching turns off', () => {
    appStore.set(themeEnabledAtom, true);
    renderMenu();
    act(() => applyTheme('preview-system'));
    const checked = screen.getAllByRole('menuitemradio').filter((item) => item.getAttribute('aria-checked') === 'true');
    expect(checked.map((item) => item.textContent)).toEqual([expect.stringContaining('ThemePreviewSystem')]);
    act(() => appStore.set(themeEnabledAtom, false));
    expect(screen.queryAllByRole('menuitemradio')).toEqual([]);
  });
});
