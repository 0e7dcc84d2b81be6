import * as z from 'zod/mini';
import { parseUtcNoZone } from '../datetime/instant';

/**
 * Contract schemas of the alert and benchmarking answers (platform-api.yaml AlertBanner,
 * MaintenanceAlert, BenchmarkingNotification), checked at the edge. An answer off the contract is
 * a failed read: that banner or modal is skipped for this run (contract fall-back table).
 */
const scheduleId = z.lazy(() => z.string().check(z.minLength(1), z.maxLength(128)));

/** UTC text without a zone suffix that names a real instant (2024-02-30T… is refused). */
const utcNoZone = z.lazy(() => z.string().check(z.refine((text) => parseUtcNoZone(text) !== null)));

export const maintenanceAlertSchema = z.lazy(() => z.object({
  alertScheduleId: scheduleId,
  maintenanceScheduleAttributes: z.object({ MaintenanceStartTime: utcNoZone, MaintenanceEndTime: utcNoZone }),
}));
export type MaintenanceAlert = z.infer<typeof maintenanceAlertSchema>;

/**
 * One banner. alertType is any text (anything but Error and Warning is info) and BannerColor is
 * anything: an invalid colour is ignored when shown, it does not cost the member the banner.
 */
export const alertBannerSchema = z.lazy(() => z.object({
  alertScheduleId: scheduleId,
  alertType: z.string(),
  bannerMessage: z.object({ message: z.string() }),
  dismissible: z.boolean(),
  displayAttributes: z.optional(z.nullable(z.object({ attributes: z.optional(z.nullable(z.object({ BannerColor: z.optional(z.unknown()) }))) }))),
}));
export type AlertBanner = z.infer<typeof alertBannerSchema>;

export const benchmarkingNotificationSchema = z.lazy(() => z.object({
  messageId: z.string().check(z.minLength(1), z.maxLength(128)),
  notificationStatus: z.boolean(),
  notificationType: z.literal('HOME_PAGE'),
}));
export type BenchmarkingNotification = z.infer<typeof benchmarkingNotificationSchema>;

/**
 * The banner list: a body that is not a list is a failed read (null); inside a list, a banner off
 * the contract is dropped alone so one bad entry never hides the others.
 */
export function parseBannerList(body: unknown): AlertBanner[] | null {
  if (!Array.isArray(body)) return null;
  return body.flatMap((entry: unknown) => {
    const parsed = alertBannerSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** "Empty means none": 204, an empty body, null or {} are no alert (contract). */
export function isEmptyAnswer(body: unknown): boolean {
  return body === null || body === undefined || body === '' || (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0);
}
