import { storageKeys } from '../../lib/storage/keys';
import { readLocal, writeLocal } from '../../lib/storage/localStore';
import { atom, appStore } from '../../state/jotai';
import { parseDismissedIds, withDismissedId } from '../../lib/alerts/bannerRules';
import { parseAnnouncedMaintenance, parseStartupRoots, withAnnouncedMaintenance, withStartupRoot } from './modalRules';
import type { MaintenanceAlert } from '../../lib/alerts/alertSchemas';

/**
 * What the start-up flows and banners keep in the browser (SPEC §3 browser storage):
 * - the session entry (storageKeys.session, local storage so every tab of one sign-in session shares
 *   it; logoff removes it, so the next sign-in session shows the modals again): the auth roots whose
 *   modals already ran, and the maintenance window announced (its banner shows until the end);
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

/** Bumped when this tab announces a window, so the banner area reads the session entry again. */
export const maintenanceAnnouncedAtom = atom(0);

/** The window announced in this sign-in session (any tab), or null. */
export function announcedMaintenance(): MaintenanceAlert | null {
  return parseAnnouncedMaintenance(readLocal(storageKeys.session));
}

/** The maintenance modal has closed: its window goes to the banner area until it ends. */
export function announceMaintenance(alert: MaintenanceAlert): void {
  writeLocal(storageKeys.session, withAnnouncedMaintenance(readLocal(storageKeys.session), alert));
  appStore.set(maintenanceAnnouncedAtom, (n) => n + 1);
}
