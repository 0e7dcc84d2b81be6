import { useState } from 'react';
import { Menu } from '@ark-ui/react/menu';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../state/jotai';
import { changeLanguage } from '../../lib/i18n/changeLanguage';
import { languagesAtom } from '../../lib/i18n/languages';
import { languageAtom } from '../../lib/i18n/runtime';

/** The language choice, a radio group inside the avatar menu: a pick switches every screen without a reload. */
export function LanguageMenuGroup() {
  const { t } = useTranslation();
  const languages = useAtomValue(languagesAtom);
  const language = useAtomValue(languageAtom);
  // The pick shows at once; the language itself changes once its translations are in.
  const [pending, setPending] = useState<string | null>(null);
  const options = languages.some((l) => l.Code === language) ? languages : [...languages, { Id: -1, Code: language, Name: language, IsRtl: false }];

  async function pick(code: string) {
    setPending(code);
    try {
      await changeLanguage(code);
    } finally {
      setPending(null);
    }
  }

  return (
    <Menu.RadioItemGroup value={pending ?? language} onValueChange={({ value }) => value !== language && void pick(value)}>
      <Menu.ItemGroupLabel className="chrome__menu-label">{t('Language')}</Menu.ItemGroupLabel>
      {options.map((l) => (
        <Menu.RadioItem key={l.Code} value={l.Code} className="chrome__menu-item" lang={l.Code}>
          <Menu.ItemIndicator className="chrome__check" aria-hidden="true">✓</Menu.ItemIndicator>
          <Menu.ItemText>{l.Name}</Menu.ItemText>
        </Menu.RadioItem>
      ))}
    </Menu.RadioItemGroup>
  );
}
