import { storageKeys } from '../storage/keys';
import { readLocal, writeLocal } from '../storage/localStore';
import { atom, appStore } from '../../state/jotai';
import { parseDismissedIds, withDismissedId } from './bannerRules';
import { parseStartupRoots, withStartupRoot } from '../startup/startupRules';

/**
 * What the start-up flows and banners keep in the browser (SPEC §3 browser storage):
 * - the session entry (storageKeys.session, local storage so every tab of one sign-in session shares
 *   it; logoff removes it, so the next sign-in session shows the modals again): the auth roots whose
 *   modals already ran;
 * - the dismissed alert ids (storageKeys.dismissedAlerts), kept across sessions.
 */

/**
 * Claims the once-per-session modals for `root`: true the first time in this sign-in session,
 * false afterwards (in this tab or any other).
 */
export function claimStartupModals(root: string): boolean {
  const raw = readLocal(storageKeys.session);
  if (parseStartupRoots(raw).includes(root)) return false;
  writeLocal(storageKeys.session, withStartupRoot(raw, root));
  return true;
}

/** The dismissed ids, as an atom so every banner area re-renders when one is dismissed. */
export const dismissedAlertIdsAtom = atom<readonly string[]>(parseDismissedIds(readLocal(storageKeys.dismissedAlerts)));

export function dismissAlert(alertScheduleId: string): void {
  const ids = withDismissedId(parseDismissedIds(readLocal(storageKeys.dismissedAlerts)), alertScheduleId);
  writeLocal(storageKeys.dismissedAlerts, JSON.stringify(ids));
  appStore.set(dismissedAlertIdsAtom, ids);
}
