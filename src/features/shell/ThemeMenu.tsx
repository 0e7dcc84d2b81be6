import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../state/jotai';
import { themeEnabledAtom } from '../../lib/state/signedInState';
import { currentTheme, isTheme, knownThemes, onThemeChange, setTheme, themeLabelKeys } from '../../lib/theme/theme';
import './themeMenu.css';

/**
 * The member's theme choice in the top bar (SPEC §4). Hidden while theme switching is off (the
 * server's theme applies, or the theme call failed); a pick is stored and applied at once.
 */
export function ThemeMenu() {
  const { t } = useTranslation();
  const enabled = useAtomValue(themeEnabledAtom);
  const theme = useSyncExternalStore(onThemeChange, currentTheme);
  if (!enabled) return null;
  return (
    <div className="theme-menu">
      <label className="visually-hidden" htmlFor="shell-theme">
        {t('Theme')}
      </label>
      <select
        id="shell-theme"
        className="theme-menu__select"
        value={theme}
        onChange={(event) => {
          if (isTheme(event.target.value)) setTheme(event.target.value);
        }}
      >
        {knownThemes.map((value) => (
          <option key={value} value={value}>
            {t(themeLabelKeys[value])}
          </option>
        ))}
      </select>
    </div>
  );
}
