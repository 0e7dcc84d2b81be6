import { appStore } from '../../state/jotai';
import { alertBannersAtom } from '../../lib/alerts/alertBanners';
import { keepBanners } from '../../lib/alerts/keptBanners';
import { memberScopeKey } from '../../session/core/claims';
import { sessionAtom } from '../../session/page/sessionAtoms';
import { toolPreferencesAtom } from '../../lib/state/signedInState';
import type { ToolPreferences } from '../../lib/state/globalStateTypes';
import type { BenchmarkingNotification, MaintenanceAlert } from '../../lib/alerts/alertSchemas';
import { acknowledgeMaintenance, fetchBanners, fetchBenchmarking, fetchMaintenance, saveBenchmarking, saveToolPreferences } from '../../lib/alerts/alertsApi';
import { maintenanceAcknowledgement, mayCheckMaintenance } from './maintenance';
import { announceMaintenance } from './storage';
import {
  benchmarkingSave,
  mayCheckBenchmarking,
  productImprovementsSave,
  showsBenchmarking,
  showsProductImprovements,
  type BenchmarkingOutcome,
  type ProductImprovementsOutcome,
  type StartupModal,
} from './modalRules';

/**
 * A start-up run's I/O (SPEC §4 "Start-up"): the release alert banners (every run) and the three
 * once-per-session checks, plus what each modal outcome sends.
 */

export { alertBannersAtom };

let bannerRequest = 0;
/** The language whose banners are shown or on their way, until the layout clears them. */
let bannersIn: string | null = null;

/**
 * Banners in `languageCode`; a slower, older answer never replaces a newer one. A second run of the
 * same start in the same language (a warm start's revalidated state) asks no second time; after a
 * failed read (an offline start) the run that follows recovery asks again.
 */
export async function loadAlertBanners(languageCode: string): Promise<void> {
  if (bannersIn === languageCode) return;
  bannersIn = languageCode;
  const request = ++bannerRequest;
  const banners = await fetchBanners(languageCode);
  if (request !== bannerRequest) return;
  if (banners === null) bannersIn = null;
  appStore.set(alertBannersAtom, banners ?? []);
  // Kept for the next start (a failed read keeps the last ones: that start shows them until its own answer).
  const { claims } = appStore.get(sessionAtom);
  if (banners && claims) keepBanners(memberScopeKey(claims), languageCode, banners);
}

export function clearAlertBanners(): void {
  bannerRequest += 1;
  bannersIn = null;
  appStore.set(alertBannersAtom, []);
}

/**
 * The three checks, started together, in display order: maintenance, benchmarking, product
 * improvements. Each settles to its dialog, or null when its permission, answer or read fails.
 */
export function startupChecks(permissions: ReadonlySet<string>, preferences: ToolPreferences | null): Promise<StartupModal | null>[] {
  const maintenance = mayCheckMaintenance(permissions)
    ? fetchMaintenance().then((alert) => (alert ? { kind: 'maintenance' as const, alert } : null))
    : Promise.resolve(null);
  const benchmarking = mayCheckBenchmarking(permissions)
    ? fetchBenchmarking().then((notification) => (showsBenchmarking(notification) ? { kind: 'benchmarking' as const, notification } : null))
    : Promise.resolve(null);
  const productImprovements = Promise.resolve(
    showsProductImprovements(permissions, preferences) ? { kind: 'productImprovements' as const, preferences } : null,
  );
  return [maintenance, benchmarking, productImprovements];
}

/**
 * Closing shows the window in the banner area; with do-not-show-again ticked it also acknowledges
 * the schedule (unticked sends nothing).
 */
export async function finishMaintenance(alert: MaintenanceAlert, doNotShowAgain: boolean): Promise<void> {
  // Announced once, then kept in view: the banner area shows the window until it ends.
  announceMaintenance(alert);
  const scheduleId = maintenanceAcknowledgement(alert, doNotShowAgain);
  if (scheduleId) await acknowledgeMaintenance(scheduleId);
}

export async function finishBenchmarking(notification: BenchmarkingNotification, outcome: BenchmarkingOutcome): Promise<void> {
  const body = benchmarkingSave(notification, outcome);
  if (body) await saveBenchmarking(body);
}

/** The save's error is ignored (the modal has closed already); on success the atom follows. */
export async function finishProductImprovements(preferences: ToolPreferences, outcome: ProductImprovementsOutcome): Promise<void> {
  const next = productImprovementsSave(preferences, outcome);
  if (await saveToolPreferences(next)) appStore.set(toolPreferencesAtom, next);
}
