import { useTranslation } from 'react-i18next';
import { DefaultLogo } from '../../components/brand/DefaultLogo';

/** SPEC §2 /eula: the end-user agreement page a virtual AcceptEula role is sent to. */
export default function EulaPage() {
  const { t } = useTranslation();
  return (
    <main className="centered-page">
      <DefaultLogo />
      <h1>{t('EndUserAgreement')}</h1>
    </main>
  );
}
