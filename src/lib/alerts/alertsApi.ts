import { apiFetch } from '../../pipeline/page/apiFetch';
import { submitWrite } from '../../outbox/page/outbox';
import type { ToolPreferences } from '../state/globalStateTypes';
import {
  benchmarkingNotificationSchema,
  isEmptyAnswer,
  parseBannerList,
  type AlertBanner,
  type BenchmarkingNotification,
  type MaintenanceAlert,
} from './alertSchemas';
import { maintenanceFromAnswer } from '../../startup/page/maintenance';

/**
 * The alert, benchmarking and tool-preference calls (SPEC §7 "Tool settings, alerts, benchmarking
 * and sales"). Reads return null when they fail or have nothing to show: the banner or modal is
 * skipped for this run. Writes never throw: their errors are ignored (contract fall-back table).
 */
const paths = {
  banners: '/api/alert/v1/alerts/banner/immediate',
  maintenance: '/api/alert/v1/alerts/maintenance/immediate',
  acknowledge: (id: string) => `/api/alert/v1/schedules/${encodeURIComponent(id)}/acknowledge`,
  benchmarking: '/api/benchmarking/v1/notification/HOME_PAGE',
  saveBenchmarking: '/api/benchmarking/v1/notification',
  toolPreferences: '/api/access/v1/tool-settings/user-preferences',
} as const;

/** The body of a successful answer (undefined for 204 or an empty body); null when the call failed. */
async function readBody(path: string): Promise<{ body: unknown } | null> {
  try {
    const response = await apiFetch(path);
    if (!response.ok) return null;
    const text = await response.text();
    return { body: text.trim() === '' ? undefined : (JSON.parse(text) as unknown) };
  } catch {
    return null;
  }
}

/**
 * Writes go through the outbox: one the network cannot take now is kept and sent later, so true
 * means "taken or kept for sending"; false means the platform refused it.
 */
async function send(label: string, path: string, method: 'POST' | 'PUT', body?: unknown): Promise<boolean> {
  try {
    const outcome = await submitWrite({ label, kind: 'alerts', method, path, body });
    return outcome.state !== 'failed';
  } catch {
    return false;
  }
}

export async function fetchBanners(languageCode: string): Promise<AlertBanner[] | null> {
  const answer = await readBody(`${paths.banners}?${new URLSearchParams({ languageCode })}`);
  return answer ? parseBannerList(answer.body) : null;
}

/** The maintenance to announce, or null (the rule: `startup/maintenance`). */
export async function fetchMaintenance(): Promise<MaintenanceAlert | null> {
  return maintenanceFromAnswer(await readBody(paths.maintenance));
}

/** POST with no body; errors ignored. */
export function acknowledgeMaintenance(alertScheduleId: string): Promise<boolean> {
  return send('WriteAcknowledgeMaintenance', paths.acknowledge(alertScheduleId), 'POST');
}

/** 204 means no active announcement. */
export async function fetchBenchmarking(): Promise<BenchmarkingNotification | null> {
  const answer = await readBody(paths.benchmarking);
  if (!answer || isEmptyAnswer(answer.body)) return null;
  const parsed = benchmarkingNotificationSchema.safeParse(answer.body);
  return parsed.success ? parsed.data : null;
}

export function saveBenchmarking(notification: BenchmarkingNotification): Promise<boolean> {
  return send('WriteSaveBenchmarking', paths.saveBenchmarking, 'PUT', notification);
}

/** The whole object (contract); true when the platform took it. */
export function saveToolPreferences(preferences: ToolPreferences): Promise<boolean> {
  return send('WriteSaveProductImprovements', paths.toolPreferences, 'PUT', preferences);
}
