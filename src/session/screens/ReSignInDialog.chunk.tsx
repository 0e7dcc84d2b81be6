import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/dialog/Modal';
import { Button } from '../../components/button/Button';
import { TextField } from '../../components/form/fields';
import { useAtomValue } from '../../state/jotai';
import { runtimeConfigAtom } from '../../config/configAtom';
import { onSessionMessage } from '../core/sessionChannel';
import { grantFailureMessage, type SignInMessageKey } from '../../lib/auth/signIn';
import { requestPasswordGrant } from '../../lib/auth/signInEffects';
import { signInInPopup, type PopupOutcome, type PopupSignIn } from '../../lib/auth/reSignInPopup';
import { lookupSamlUserType } from '../page/samlUserType';
import { completeReSignIn, followSignInElsewhere, leaveForSignIn } from '../page/reSignIn';
import { reSignInKind } from '../page/reSignInRules';
import { reSignInAtom, type ReSignIn } from '../page/reSignInState';
import './reSignIn.css';

/** What the popup's last try came to, as the member reads it (a translation key). */
const popupMessages: Record<Exclude<PopupOutcome['kind'], 'answered'>, string> = {
  blocked: 'ReSignInPopupBlocked',
  closed: 'ReSignInPopupClosed',
  'no-answer': 'ReSignInNoAnswer',
  failed: 'SignInFailed',
};

/**
 * Signing in again over the page (session/page/reSignIn): the session ended while the page held
 * unsaved work, so the page stays behind this dialog. A password member signs in here; a single
 * sign-on member in a popup. It cannot be dismissed: the page has no session until one of its
 * answers (sign in, or leave for the sign-in page).
 */
export function ReSignInDialog() {
  const waiting = useAtomValue(reSignInAtom);
  return waiting ? <ReSignInOpen waiting={waiting} /> : null;
}

function ReSignInOpen({ waiting }: { waiting: ReSignIn }) {
  const { t } = useTranslation();
  const config = useAtomValue(runtimeConfigAtom);
  const [kind, setKind] = useState<'popup' | 'dialog' | null>(null);
  const [email, setEmail] = useState(waiting.email);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ key: string; values?: Record<string, string> } | null>(null);
  const popup = useRef<PopupSignIn | null>(null);
  const passwordField = useRef<HTMLInputElement>(null);
  const popupButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let alive = true;
    void lookupSamlUserType(waiting.email)
      .catch(() => null)
      .then((type) => {
        if (alive) setKind(reSignInKind(type?.IsEnabled === true));
      });
    return () => {
      alive = false;
    };
  }, [waiting.email]);

  // Another tab signed in: the page's member carries on here too; anyone else's session resets it.
  useEffect(() => onSessionMessage((m) => void (m.type === 'session-changed' && followSignInElsewhere())), []);
  useEffect(() => () => popup.current?.cancel(), []);

  async function signInWithPassword(event: FormEvent) {
    event.preventDefault();
    if (busy || !email.trim() || !password) return;
    setBusy(true);
    setMessage(null);
    const result = await requestPasswordGrant(config, email.trim(), password);
    if (!result.ok) {
      setPassword('');
      setBusy(false);
      setMessage({ key: grantFailureMessage(result.reason) satisfies SignInMessageKey });
      return;
    }
    const outcome = await completeReSignIn(result, email.trim(), 'dialog');
    if (outcome === 'failed') {
      setBusy(false);
      setMessage({ key: 'SignInFailed' });
    }
  }

  function signInWithPopup() {
    // Opened in the click itself: a popup opened after an await is blocked.
    const started = signInInPopup(config, waiting.email);
    popup.current = started;
    setBusy(true);
    setMessage({ key: 'ReSignInWaiting' });
    void started.outcome.then(async (outcome) => {
      if (popup.current !== started) return;
      popup.current = null;
      if (outcome.kind !== 'answered') {
        setBusy(false);
        setMessage({ key: popupMessages[outcome.kind] });
        return;
      }
      const result = await completeReSignIn(outcome.granted, outcome.email, 'popup');
      if (result === 'continued' || result === 'clean-start') return;
      setBusy(false);
      setMessage(result === 'another-member' ? { key: 'ReSignInAnotherMember', values: { email: waiting.email } } : { key: 'SignInFailed' });
    });
  }

  // Opened once the way in is known, so focus starts where the member signs in.
  if (kind === null) return null;
  const status = message && (
    <p className={`re-sign-in__status${message.key === 'ReSignInWaiting' ? '' : ' re-sign-in__status--problem'}`} role={message.key === 'ReSignInWaiting' ? 'status' : 'alert'}>
      {t(message.key, message.values ?? {})}
    </p>
  );
  const leave = (
    <Button color="secondary" disabled={busy && kind === 'dialog'} onClick={() => void leaveForSignIn()}>
      {t('ReSignInLeave')}
    </Button>
  );
  return (
    <Modal
      open
      role="alertdialog"
      size="x-small"
      className="re-sign-in"
      title={t('ReSignInTitle')}
      description={t('ReSignInMessage')}
      // Neither Escape nor a click outside answers it: the page has no session until one of its buttons does.
      onClose={() => undefined}
      closeOnInteractOutside={false}
      initialFocusEl={() => passwordField.current ?? popupButton.current}
      footer={
        kind === 'dialog' ? (
          <>
            {leave}
            <Button type="submit" form="re-sign-in-form" color="primary" loading={busy}>
              {t('SignIn')}
            </Button>
          </>
        ) : (
          <>
            {leave}
            <Button ref={popupButton} color="primary" loading={busy} onClick={signInWithPopup}>
              {message && message.key !== 'ReSignInWaiting' ? t('Retry') : t('ReSignInWithSso')}
            </Button>
          </>
        )
      }
    >
      {kind === 'dialog' ? (
        <form id="re-sign-in-form" className="re-sign-in__form" onSubmit={(e) => void signInWithPassword(e)} noValidate>
          <TextField label={t('Email')} type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
          <TextField ref={passwordField} label={t('Password')} type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          {status}
        </form>
      ) : (
        status
      )}
    </Modal>
  );
}

export default ReSignInDialog;
