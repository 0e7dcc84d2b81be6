import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NotFoundLogo } from './NotFoundLogo';
import { paths } from '../../config/paths';
import './notFound.css';

/** SPEC §2 /404: logo, the large number 404, PageNotFound, SorryCantFindPage and a link to /landing. */
export function NotFoundPage({ clouds = false }: { clouds?: boolean }) {
  const { t } = useTranslation();
  return (
    <main className={clouds ? 'not-found not-found--clouds' : 'not-found'}>
      {clouds && (
        <div className="not-found__sky" aria-hidden="true">
          <span className="cloud cloud--1" />
          <span className="cloud cloud--2" />
          <span className="cloud cloud--3" />
        </div>
      )}
      <div className="not-found__card">
        <NotFoundLogo className="not-found__logo" />
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 className="not-found__title">{t('PageNotFound')}</h1>
        <p>{t('SorryCantFindPage')}</p>
        <Link className="button button--primary" to={paths.landing}>
          {t('BackToApplication')}
        </Link>
      </div>
    </main>
  );
}

export default NotFoundPage;
