import { useSyncExternalStore } from 'react';
import { Menu } from '@ark-ui/react/menu';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../state/jotai';
import { themeEnabledAtom } from '../../lib/state/signedInState';
import { currentTheme, isTheme, knownThemes, onThemeChange, setTheme, themeLabelKeys } from '../../lib/theme/theme';

/**
 * The member's theme choice (SPEC §4), a radio group inside the avatar menu. Hidden while theme
 * switching is off (the server's theme applies, or the theme call failed); a pick is stored and
 * applied at once.
 */
export function ThemeMenuGroup() {
  const { t } = useTranslation();
  const enabled = useAtomValue(themeEnabledAtom);
  const theme = useSyncExternalStore(onThemeChange, currentTheme);
  if (!enabled) return null;
  return (
    <Menu.RadioItemGroup
      value={theme}
      onValueChange={({ value }) => {
        if (isTheme(value)) setTheme(value);
      }}
    >
      <Menu.ItemGroupLabel className="chrome__menu-label">{t('Theme')}</Menu.ItemGroupLabel>
      {knownThemes.map((value) => (
        <Menu.RadioItem key={value} value={value} className="chrome__menu-item">
          <Menu.ItemIndicator className="chrome__check" aria-hidden="true">✓</Menu.ItemIndicator>
          <Menu.ItemText>{t(themeLabelKeys[value])}</Menu.ItemText>
        </Menu.RadioItem>
      ))}
    </Menu.RadioItemGroup>
  );
}
