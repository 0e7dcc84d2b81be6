import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { appStore, useAtomValue } from '../../state/jotai';
import { currentUserAtom, permissionsAtom, stateSourceAtom, toolPreferencesAtom } from '../../lib/state/signedInState';
import { decideStartupRun } from '../page/runDecision';
import { sessionAtom } from '../../session/page/sessionAtoms';
import { languageAtom } from '../../lib/i18n/runtime';
import { startupExcludedPrefixes } from '../../config/paths';
import { claimStartupModals } from '../page/storage';
import { clearAlertBanners, loadAlertBanners, startupChecks } from '../page/runChecks';
import { currentSlot, startupDelayMs, type StartupModal, type StartupSlot } from '../page/modalRules';

export interface StartupQueue {
  /** The dialog to show now, if any. */
  current: StartupModal | null;
  /** Removes the shown dialog from the queue (the next one, if any, opens). */
  close: () => void;
}

/**
 * SPEC §4 start-up: 250 ms after a current user exists, when the route at that moment is not
 * excluded, a run loads the alert banners (every run, and again when the language changes) and,
 * once per sign-in session per auth root, starts the three modal checks in parallel. Their dialogs
 * are queued and shown one at a time rather than stacked.
 */
export function useStartupRun(): StartupQueue {
  const user = useAtomValue(currentUserAtom);
  const language = useAtomValue(languageAtom);
  const { pathname } = useLocation();
  const pathRef = useRef(pathname);
  const [runs, setRuns] = useState(0);
  const [slots, setSlots] = useState<readonly StartupSlot[]>([]);

  useEffect(() => {
    pathRef.current = pathname;
  }, [pathname]);

  // Checks already started finish even if the user atom is set again (a state reload): only leaving
  // the signed-in layout drops their answers.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (!user) return;
    const timer = setTimeout(() => {
      const decision = decideStartupRun({
        pathname: pathRef.current,
        excludedPrefixes: startupExcludedPrefixes,
        stateSource: appStore.get(stateSourceAtom),
        claims: appStore.get(sessionAtom).claims,
      });
      if (!decision.run) return;
      setRuns((n) => n + 1);
      if (!decision.modalsRoot || !claimStartupModals(decision.modalsRoot)) return;
      const checks = startupChecks(appStore.get(permissionsAtom), appStore.get(toolPreferencesAtom));
      setSlots(checks.map(() => 'pending'));
      checks.forEach((check, index) => {
        void check.then((modal) => {
          if (mounted.current) setSlots((now) => now.map((slot, i) => (i === index ? modal : slot)));
        });
      });
    }, startupDelayMs);
    return () => clearTimeout(timer);
  }, [user]);

  useEffect(() => {
    if (runs > 0) void loadAlertBanners(language);
  }, [runs, language]);

  // Banners belong to this signed-in layout: none outlive it (sign-out, another member).
  useEffect(() => clearAlertBanners, []);

  const index = currentSlot(slots);
  const shown = index === null ? null : slots[index];
  return {
    current: shown && shown !== 'pending' ? shown : null,
    close: () => {
      if (index !== null) setSlots((now) => now.map((slot, i) => (i === index ? null : slot)));
    },
  };
}
