import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../state/jotai';
import { changeLanguage } from '../../lib/i18n/changeLanguage';
import { languagesAtom } from '../../lib/i18n/languages';
import { languageAtom } from '../../lib/i18n/runtime';
import './header.css';

/** The header's language menu: the member's pick switches every screen without a reload. */
export function LanguageMenu() {
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
    <div className="language-menu">
      <label className="visually-hidden" htmlFor="shell-language">
        {t('Language')}
      </label>
      <select id="shell-language" className="language-menu__select" value={pending ?? language} onChange={(e) => void pick(e.target.value)}>
        {options.map((l) => (
          <option key={l.Code} value={l.Code} lang={l.Code}>
            {l.Name}
          </option>
        ))}
      </select>
    </div>
  );
}
