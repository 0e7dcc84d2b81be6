/** "Tool settings, alerts, benchmarking and sales". */
import { requireAuth } from '../auth.ts';
import { empty, json, notFound, type Reply } from '../http.ts';
import type { RequestContext } from '../context.ts';
import type { RouteDef } from '../router.ts';
import { BenchmarkingNotification, LanguageCode, SalesCase, TOOL_NAMES, ToolSettingList, UserToolPreferences, Uuid, jsonBody, param, pathParam, requiredQuery } from '../validate.ts';
import { bannerMessage, bannersFor, benchmarkingMessageFor, maintenanceScheduleId, maintenanceWindow } from '../data/content.ts';

function savePreferences(ctx: RequestContext): Reply {
  const prefs = jsonBody(ctx, UserToolPreferences);
  ctx.rt.store.toolPreferences.set(requireAuth(ctx).user.id, prefs);
  return empty(204);
}

function listToolSettings(ctx: RequestContext): Reply {
  const prefs = ctx.rt.store.toolPreferencesOf(requireAuth(ctx).user.id);
  return json(200, TOOL_NAMES.map((toolName) => ({ toolName, enabled: prefs[toolName] })));
}

/** Only the listed kinds change (contract). */
function saveToolSettings(ctx: RequestContext): Reply {
  const list = jsonBody(ctx, ToolSettingList);
  const userId = requireAuth(ctx).user.id;
  const prefs = ctx.rt.store.toolPreferencesOf(userId);
  for (const entry of list) prefs[entry.toolName] = entry.enabled;
  ctx.rt.store.toolPreferences.set(userId, prefs);
  return empty(204);
}

function banners(ctx: RequestContext): Reply {
  const auth = requireAuth(ctx);
  const languageCode = param('languageCode', requiredQuery(ctx, 'languageCode'), LanguageCode);
  return json(
    200,
    bannersFor(auth.tenant).map((b) => ({
      alertScheduleId: b.alertScheduleId,
      alertType: b.alertType,
      bannerMessage: { message: bannerMessage(b, languageCode) },
      dismissible: b.dismissible,
      displayAttributes: { attributes: { BannerColor: b.bannerColor } },
    })),
  );
}

/** 204 when nothing to announce, including a schedule this user acknowledged (contract). */
function maintenance(ctx: RequestContext): Reply {
  const auth = requireAuth(ctx);
  const id = maintenanceScheduleId(auth.tenant);
  if (!id || ctx.rt.store.acknowledgements.has(`${auth.user.id}|${id}`)) return empty(204);
  return json(200, { alertScheduleId: id, maintenanceScheduleAttributes: maintenanceWindow(ctx.rt.store.now()) });
}

function acknowledge(ctx: RequestContext): Reply {
  const auth = requireAuth(ctx);
  const id = param('id', pathParam(ctx, 'id'), Uuid);
  if (maintenanceScheduleId(auth.tenant)?.toLowerCase() !== id.toLowerCase()) throw notFound('Unknown alert schedule');
  ctx.rt.store.acknowledgements.add(`${auth.user.id}|${maintenanceScheduleId(auth.tenant) ?? id}`);
  return empty(204);
}

/** notificationStatus starts true for a new message; 204 when the tenant has no active message. */
function readBenchmarking(ctx: RequestContext): Reply {
  const auth = requireAuth(ctx);
  const notificationType = param('notificationType', pathParam(ctx, 'notificationType'), BenchmarkingNotification.shape.notificationType);
  const messageId = benchmarkingMessageFor(auth.tenant);
  if (!messageId) return empty(204);
  const status = ctx.rt.store.benchmarking.get(`${auth.user.id}|${messageId}`) ?? true;
  return json(200, { messageId, notificationStatus: status, notificationType });
}

function saveBenchmarking(ctx: RequestContext): Reply {
  const auth = requireAuth(ctx);
  const body = jsonBody(ctx, BenchmarkingNotification);
  if (benchmarkingMessageFor(auth.tenant) !== body.messageId) throw notFound('Unknown benchmarking message');
  ctx.rt.store.benchmarking.set(`${auth.user.id}|${body.messageId}`, body.notificationStatus);
  return empty(204);
}

function createCase(ctx: RequestContext): Reply {
  const auth = requireAuth(ctx);
  const body = jsonBody(ctx, SalesCase);
  ctx.rt.store.cases.push({ time: new Date().toISOString(), userId: auth.user.id, tenantId: auth.tenant.id, caseType: body.caseType, caseParams: body.caseParams });
  return empty(204);
}

const PREFS = '/api/access/v1/tool-settings/user-preferences';
const SETTINGS = '/api/access/v1/tool-settings/user';

export const toolRoutes: RouteDef[] = [
  { method: 'GET', pattern: PREFS, auth: 'bearer', handler: (ctx) => json(200, ctx.rt.store.toolPreferencesOf(requireAuth(ctx).user.id)) },
  { method: 'PUT', pattern: PREFS, auth: 'bearer', permission: 'UserToolSetting', handler: savePreferences },
  { method: 'GET', pattern: SETTINGS, auth: 'bearer', handler: listToolSettings },
  { method: 'PUT', pattern: SETTINGS, auth: 'bearer', permission: 'UserToolSetting', handler: saveToolSettings },
  { method: 'GET', pattern: '/api/alert/v1/alerts/banner/immediate', auth: 'bearer', handler: banners },
  { method: 'GET', pattern: '/api/alert/v1/alerts/maintenance/immediate', auth: 'bearer', permission: 'MaintenanceAlertView', handler: maintenance },
  { method: 'POST', pattern: '/api/alert/v1/schedules/:id/acknowledge', auth: 'bearer', permission: 'MaintenanceAlertView', handler: acknowledge },
  { method: 'GET', pattern: '/api/benchmarking/v1/notification/:notificationType', auth: 'bearer', permission: 'BenchmarkingMetadataView', handler: readBenchmarking },
  { method: 'PUT', pattern: '/api/benchmarking/v1/notification', auth: 'bearer', permission: 'BenchmarkingMetadataView', handler: saveBenchmarking },
  { method: 'POST', pattern: '/api/salesops/v1/cases', auth: 'bearer', handler: createCase },
];
