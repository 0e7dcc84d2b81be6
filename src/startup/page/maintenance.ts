import { isEmptyAnswer, maintenanceAlertSchema, type MaintenanceAlert } from '../../lib/alerts/alertSchemas';

/**
 * The Scheduled Maintenance rule in one place (SPEC §2, §4, §7): who is asked, what answer shows
 * the modal, what its More information link may be, and what closing it sends. The I/O is
 * `alerts/alertsApi` (the read and the acknowledgement); the dialog is `startup/screens/MaintenanceModal.chunk`.
 */

/** Only members with MaintenanceAlertView are asked. */
export function mayCheckMaintenance(permissions: ReadonlySet<string>): boolean {
  return permissions.has('MaintenanceAlertView');
}

/**
 * The alert to announce from the read's answer: a failed read (null), 204, an empty body, null or
 * {} announce nothing; an answer off the contract is a failed read (skipped for this run).
 */
export function maintenanceFromAnswer(answer: { body: unknown } | null): MaintenanceAlert | null {
  if (!answer || isEmptyAnswer(answer.body)) return null;
  const parsed = maintenanceAlertSchema.safeParse(answer.body);
  return parsed.success ? parsed.data : null;
}

/** More information only for a tenant with a License, and only to a safe address (already checked by the caller's sanitiser). */
export function maintenanceMoreInformation(hasLicense: boolean, safeSystemStatusUrl: string | null): string | null {
  return hasLicense && safeSystemStatusUrl ? safeSystemStatusUrl : null;
}

/** Closing with do-not-show-again ticked acknowledges the schedule; unticked sends nothing. */
export function maintenanceAcknowledgement(alert: MaintenanceAlert, doNotShowAgain: boolean): string | null {
  return doNotShowAgain ? alert.alertScheduleId : null;
}
