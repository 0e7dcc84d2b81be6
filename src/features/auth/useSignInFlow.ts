import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue } from '../../state/jotai';
import { runtimeConfigAtom } from '../../config/configAtom';
import { onSessionMessage } from '../../session/core/sessionChannel';
import { initialSignInState, signInTransition, type SignInEvent, type SignInState } from '../../lib/auth/signIn';
import { completeSsoReturn, runSignInCommand, type SignInIo } from '../../lib/auth/signInEffects';
import { readLocal } from '../../lib/storage/localStore';
import { storageKeys } from '../../lib/storage/keys';

/**
 * The sign-in machine (lib/auth/signIn) wired to the page: events in, commands run through
 * lib/auth/signInEffects, their answers back in as events. `returning`: the address is the
 * identity provider's return (?code&state or ?error&state), whose exchange starts here.
 */
export function useSignInFlow(returning: boolean): [SignInState, (event: SignInEvent) => void] {
  const navigate = useNavigate();
  const config = useAtomValue(runtimeConfigAtom);
  const [state, setState] = useState(() => initialSignInState(readLocal(storageKeys.lastLoginEmail)));
  // The machine's current state for events that arrive between renders (answers, broadcasts).
  const current = useRef(state);

  const io = useMemo<SignInIo>(
    () => ({ config, navigate: (to) => void navigate(to, { replace: true }), currentUrl: () => new URL(window.location.href) }),
    [config, navigate],
  );

  const dispatch = useCallback(
    (event: SignInEvent) => {
      const { state: next, commands } = signInTransition(current.current, event);
      current.current = next;
      setState(next);
      for (const command of commands) {
        void runSignInCommand(command, io).then((answer) => {
          if (answer) dispatch(answer);
        });
      }
    },
    [io],
  );

  // Another tab signed in: the machine decides whether this one follows.
  useEffect(() => onSessionMessage((message) => dispatch({ type: 'session-message', message: message.type })), [dispatch]);

  useEffect(() => {
    if (!returning) return;
    let alive = true;
    void completeSsoReturn(io).then((answer) => {
      if (alive) dispatch(answer);
    });
    return () => {
      alive = false;
    };
  }, [returning, io, dispatch]);

  return [state, dispatch];
}
