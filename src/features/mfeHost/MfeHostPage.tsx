import { useTranslation } from 'react-i18next';

/** The host of the business screens (/mfe-host); remote mounting comes with the signed-in shell. */
export function MfeHostPage() {
  const { t } = useTranslation();
  return <h1 className="visually-hidden">{t('Home')}</h1>;
}

export default MfeHostPage;
