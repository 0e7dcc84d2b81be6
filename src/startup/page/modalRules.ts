/**
 * The start-up modals' rules, without I/O (SPEC §4, §6): the run's delay, what the sign-in session's
 * entry keeps (auth roots done, the maintenance window announced), when each modal shows, what each
 * outcome sends, and the order the queued dialogs show in.
 */
import type { ToolPreferences } from '../../lib/state/globalStateTypes';
import { maintenanceAlertSchema, type BenchmarkingNotification, type MaintenanceAlert } from '../../lib/alerts/alertSchemas';
import { parseUtcNoZone } from '../../lib/datetime/instant';
import { isDismissed } from '../../lib/alerts/bannerRules';

/** SPEC §9: start-up runs this long after a current user exists. */
export const startupDelayMs = 250;

// ---------------------------------------------------------------------------------------------------
// "Once per session per auth root": the roots whose modals already ran in this sign-in session.

interface SessionEntry {
  startupRoots?: unknown;
  [other: string]: unknown;
}

function readEntry(raw: string | null): SessionEntry {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as SessionEntry) : {};
  } catch {
    return {};
  }
}

/**
 * The maintenance window announced this session (its modal closed): kept in the session entry, so
 * every tab and reload of the sign-in session shows its banner, and sign-out forgets it.
 */
export function parseAnnouncedMaintenance(raw: string | null): MaintenanceAlert | null {
  const parsed = maintenanceAlertSchema.safeParse(readEntry(raw).announcedMaintenance);
  return parsed.success ? parsed.data : null;
}

/** The session entry with `alert` as the announced window (other fields of a valid entry are kept). */
export function withAnnouncedMaintenance(raw: string | null, alert: MaintenanceAlert): string {
  return JSON.stringify({ ...readEntry(raw), announcedMaintenance: alert });
}

/** SPEC §2 banner area: the announced window shows until its end, unless its schedule id was dismissed. */
export function showsMaintenanceBanner(alert: MaintenanceAlert | null, dismissedIds: readonly string[], now: number): alert is MaintenanceAlert {
  if (!alert) return false;
  const end = parseUtcNoZone(alert.maintenanceScheduleAttributes.MaintenanceEndTime);
  return end !== null && now < end.getTime() && !isDismissed(alert.alertScheduleId, dismissedIds);
}

/** The auth roots done this session; garbage in storage counts as none done. */
export function parseStartupRoots(raw: string | null): string[] {
  const roots = readEntry(raw).startupRoots;
  return Array.isArray(roots) ? roots.filter((r): r is string => typeof r === 'string') : [];
}

/** The session entry with `root` marked done (other fields of a valid entry are kept). */
export function withStartupRoot(raw: string | null, root: string): string {
  const entry = readEntry(raw);
  const roots = parseStartupRoots(raw);
  return JSON.stringify({ ...entry, startupRoots: roots.includes(root) ? roots : [...roots, root] });
}

// ---------------------------------------------------------------------------------------------------
// Conditions (SPEC §4, §6)

export function mayCheckBenchmarking(permissions: ReadonlySet<string>): boolean {
  return permissions.has('BenchmarkingMetadataView');
}

export function showsBenchmarking(notification: BenchmarkingNotification | null): notification is BenchmarkingNotification {
  return notification?.notificationStatus === true;
}

/** A failed preferences read (null) skips the modal for this run (contract fall-back). */
export function showsProductImprovements(permissions: ReadonlySet<string>, preferences: ToolPreferences | null): preferences is ToolPreferences {
  return permissions.has('AnalyticsGuidance') && permissions.has('UserToolSetting') && preferences?.ProductImprovementsNotification === true;
}

// ---------------------------------------------------------------------------------------------------
// Outcomes

export type BenchmarkingOutcome = 'doNotShowAgain' | 'remindMeLater' | 'close' | 'learnMore';

/**
 * SPEC §4: close and remind-later send status true, do-not-show-again false. Learn more names no
 * request in SPEC, so it sends none: the announcement stays active and shows again next session.
 */
export function benchmarkingSave(notification: BenchmarkingNotification, outcome: BenchmarkingOutcome): BenchmarkingNotification | null {
  if (outcome === 'learnMore') return null;
  return { messageId: notification.messageId, notificationStatus: outcome !== 'doNotShowAgain', notificationType: 'HOME_PAGE' };
}

export type ProductImprovementsOutcome = 'continue' | 'close' | 'removeGuidance';

/** SPEC §4: Continue or close enable ProductImprovements; remove guidance disables both. Sent whole. */
export function productImprovementsSave(preferences: ToolPreferences, outcome: ProductImprovementsOutcome): ToolPreferences {
  return { ...preferences, ProductImprovements: outcome !== 'removeGuidance', ProductImprovementsNotification: false };
}

// ---------------------------------------------------------------------------------------------------
// The queue: the three checks run in parallel, their dialogs show one at a time in this order.

export type StartupModal =
  | { kind: 'maintenance'; alert: MaintenanceAlert }
  | { kind: 'benchmarking'; notification: BenchmarkingNotification }
  | { kind: 'productImprovements'; preferences: ToolPreferences };

/** A check still running, finished with nothing to show (or already closed), or a dialog to show. */
export type StartupSlot = 'pending' | null | StartupModal;

/**
 * The index of the dialog to show now: the first slot holding one, provided every earlier check has
 * finished (a slow maintenance read keeps the order rather than letting benchmarking jump ahead).
 */
export function currentSlot(slots: readonly StartupSlot[]): number | null {
  for (const [index, slot] of slots.entries()) {
    if (slot === 'pending') return null;
    if (slot !== null) return index;
  }
  return null;
}
