import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../state/jotai';
import { runtimeConfigAtom } from '../../config/configAtom';
import { requestToken, type TokenResponse } from '../../core/session/tokenClient';
import { onSessionMessage } from '../../core/session/sessionChannel';
import { readStoredAuth } from '../../core/session/sessionDb';
import { storeSignIn, takeReturnPath } from '../../lib/session/session';
import { lookupSamlUserType } from '../../lib/session/samlUserType';
import { completeSso, isSsoReturn, startSso } from '../../lib/auth/sso';
import { loadAnonymousState, type AnonymousState } from '../../lib/auth/anonymousState';
import { changeLanguage } from '../../lib/i18n/changeLanguage';
import { currentLanguage } from '../../lib/i18n/languageStore';
import { readLocal } from '../../lib/storage/localStore';
import { storageKeys } from '../../lib/storage/keys';
import { paths } from '../../config/paths';
import { storageInMemoryAtom } from '../../lib/storage/storageHealth';
import './auth.css';

type Step = 'email' | 'password';
type Status = { kind: 'idle' } | { kind: 'busy' } | { kind: 'error'; messageKey: string };

// Rarely needed (storage refused), so not part of the sign-in page's first JavaScript (its budget).
const StorageNotice = lazy(() => import('../banners/StorageNotice').then((m) => ({ default: m.StorageNotice })));

/** Stores the session; false when it cannot be (tokens nobody can read): a failed sign-in, never a stuck form. */
async function stored(tokens: TokenResponse, email: string): Promise<boolean> {
  try {
    await storeSignIn(tokens, email);
    return true;
  } catch {
    return false;
  }
}

/** The pre-login area: email first; the SAML user-type lookup decides between password and SSO. */
export default function AuthPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const config = useAtomValue(runtimeConfigAtom);
  const inMemory = useAtomValue(storageInMemoryAtom);
  const [anonymous, setAnonymous] = useState<AnonymousState | null>(null);
  const [language, setLanguage] = useState(currentLanguage);
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState(() => readLocal(storageKeys.lastLoginEmail) ?? '');
  const [password, setPassword] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  // Set while this tab signs in, so its own sign-in broadcast is not mistaken for another tab's.
  const signingIn = useRef(false);

  useEffect(() => {
    void loadAnonymousState().then(setAnonymous);
  }, []);

  // Another tab signed in: this one follows into the shell.
  useEffect(
    () =>
      onSessionMessage((message) => {
        if (message.type !== 'session-changed' || signingIn.current) return;
        void readStoredAuth().then((auth) => {
          if (auth) void navigate(takeReturnPath(paths.mfeHost), { replace: true });
        });
      }),
    [navigate],
  );

  // Back from the identity provider with ?code&state (or ?error&state).
  const returning = isSsoReturn(search);
  useEffect(() => {
    if (!returning) return;
    let alive = true;
    void completeSso(config, new URL(window.location.href)).then(async (result) => {
      if (!alive) return;
      if (!result.ok) {
        setStatus({ kind: 'error', messageKey: 'SignInFailed' });
        void navigate(paths.auth, { replace: true });
        return;
      }
      signingIn.current = true;
      if (!(await stored(result.tokens, result.email))) {
        signingIn.current = false;
        setStatus({ kind: 'error', messageKey: 'SignInFailed' });
        void navigate(paths.auth, { replace: true });
        return;
      }
      void navigate(takeReturnPath(paths.mfeHost), { replace: true });
    });
    return () => {
      alive = false;
    };
  }, [returning, config, navigate]);

  async function continueWithEmail(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!address) return;
    setStatus({ kind: 'busy' });
    const type = await lookupSamlUserType(address);
    if (type?.IsEnabled) {
      const started = await startSso(config, address);
      if (!started.ok) setStatus({ kind: 'error', messageKey: 'SignInFailed' });
      return;
    }
    setStatus({ kind: 'idle' });
    setStep('password');
  }

  async function signIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setStatus({ kind: 'busy' });
    const address = email.trim();
    const result = await requestToken(
      { grant_type: 'password', username: address, password, client_id: config.authClient.clientId, scope: config.authClient.scope },
      config.authClient.tokenEndpoint ?? undefined,
    );
    if (!result.ok) {
      setPassword('');
      setStatus({ kind: 'error', messageKey: result.reason === 'refused' ? 'WrongEmailOrPassword' : 'SignInFailed' });
      return;
    }
    signingIn.current = true;
    if (!(await stored(result.tokens, address))) {
      signingIn.current = false;
      setPassword('');
      setStatus({ kind: 'error', messageKey: 'SignInFailed' });
      return;
    }
    void navigate(takeReturnPath(paths.mfeHost), { replace: true });
  }

  // While an identity-provider answer is being exchanged the form is busy too.
  const busy = status.kind === 'busy' || (returning && status.kind !== 'error');
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
          <form className="auth__form" onSubmit={(e) => void continueWithEmail(e)} noValidate>
            <label htmlFor="auth-email">{t('Email')}</label>
            <input id="auth-email" name="email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
            {error}
            <button className="button button--primary" type="submit" disabled={busy || !email.trim()}>
              {t('Continue')}
            </button>
          </form>
        ) : (
          <form className="auth__form" onSubmit={(e) => void signIn(e)} noValidate>
            <label htmlFor="auth-email">{t('Email')}</label>
            <input id="auth-email" name="email" type="email" autoComplete="username" readOnly value={email} />
            <button type="button" className="auth__link" onClick={() => setStep('email')}>
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
              onChange={(e) => setPassword(e.target.value)}
            />
            {error}
            <button className="button button--primary" type="submit" disabled={busy || !password}>
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
