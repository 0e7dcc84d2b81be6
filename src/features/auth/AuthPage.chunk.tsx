import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../state/jotai';
import { isSsoReturn } from '../../lib/auth/sso';
import { handBackReSignIn, isReSignInReturn } from '../../lib/auth/reSignInReturn';
import { canSubmit } from '../../lib/auth/signIn';
import { loadAnonymousState, type AnonymousState } from '../../lib/auth/anonymousState';
import { changeLanguage } from '../../lib/i18n/changeLanguage';
import { currentLanguage } from '../../lib/i18n/languageStore';
import { storageInMemoryAtom } from '../../lib/storage/storageHealth';
import { useSignInFlow } from './useSignInFlow';
import './auth.css';

// Rarely needed (storage refused), so not part of the sign-in page's first JavaScript (its budget).
const StorageNotice = lazy(() => import('../banners/StorageNotice').then((m) => ({ default: m.StorageNotice })));

/** The pre-login area, or, in a popup a page opened to sign in again, that popup's way back to the page. */
export default function AuthPage() {
  const [search] = useSearchParams();
  return isReSignInReturn(search) ? <ReSignInReturning /> : <SignInPage />;
}

/** The popup hands its return to the page that opened it and closes (lib/auth/reSignInReturn). */
function ReSignInReturning() {
  const { t } = useTranslation();
  useEffect(() => handBackReSignIn(window.location.href), []);
  return (
    <main className="auth">
      <p role="status">{t('ReSignInReturning')}</p>
    </main>
  );
}

/** Email first; the SAML user-type lookup decides between password and SSO (the flow: lib/auth/signIn). */
function SignInPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const inMemory = useAtomValue(storageInMemoryAtom);
  const [anonymous, setAnonymous] = useState<AnonymousState | null>(null);
  const [language, setLanguage] = useState(currentLanguage);
  // Back from the identity provider with ?code&state (or ?error&state).
  const returning = isSsoReturn(search);
  const [state, dispatch] = useSignInFlow(returning);
  const { step, email, password, status } = state;

  useEffect(() => {
    void loadAnonymousState().then(setAnonymous);
  }, []);

  const submittable = canSubmit(state, returning);
  const error = status.kind === 'error' && (
    <p className="auth__error" role="alert">
      {t(status.messageKey)}
    </p>
  );
  return (
    <main className="auth">
      {inMemory ? (
        <Suspense fallback={null}>
          <StorageNotice />
        </Suspense>
      ) : null}
      <div className="auth__card">
        <img className="auth__logo" src={anonymous?.loginLogo ?? '/brand/default-logo.svg'} alt={t('ProductLogo')} width={160} height={40} />
        <h1>{t('SignIn')}</h1>
        {step === 'email' ? (
          <form
            className="auth__form"
            onSubmit={(e) => {
              e.preventDefault();
              dispatch({ type: 'email-submitted' });
            }}
            noValidate
          >
            <label htmlFor="auth-email">{t('Email')}</label>
            <input id="auth-email" name="email" type="email" autoComplete="username" required value={email} onChange={(e) => dispatch({ type: 'email-typed', value: e.target.value })} />
            {error}
            <button className="button button--primary" type="submit" disabled={!submittable}>
              {t('Continue')}
            </button>
          </form>
        ) : (
          <form
            className="auth__form"
            onSubmit={(e) => {
              e.preventDefault();
              dispatch({ type: 'password-submitted' });
            }}
            noValidate
          >
            <label htmlFor="auth-email">{t('Email')}</label>
            <input id="auth-email" name="email" type="email" autoComplete="username" readOnly value={email} />
            <button type="button" className="auth__link" onClick={() => dispatch({ type: 'change-email' })}>
              {t('ChangeEmail')}
            </button>
            <label htmlFor="auth-password">{t('Password')}</label>
            <input
              id="auth-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              autoFocus
              value={password}
              onChange={(e) => dispatch({ type: 'password-typed', value: e.target.value })}
            />
            {error}
            <button className="button button--primary" type="submit" disabled={!submittable}>
              {t('SignIn')}
            </button>
          </form>
        )}
        <div className="auth__language">
          <label htmlFor="auth-language">{t('Language')}</label>
          <select
            id="auth-language"
            value={language}
            onChange={(e) => {
              setLanguage(e.target.value);
              void changeLanguage(e.target.value);
            }}
          >
            {(anonymous?.languages ?? [{ Code: language, Name: language }]).map((l) => (
              <option key={l.Code} value={l.Code} lang={l.Code}>
                {l.Name}
              </option>
            ))}
          </select>
        </div>
      </div>
    </main>
  );
}
