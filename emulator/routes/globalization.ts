/** "Preferences and language": date/time preferences, languages, translations, seed translations. */
import { requireAuth } from '../auth.ts';
import { apiError, empty, json, notFound, type Reply } from '../http.ts';
import type { RequestContext } from '../context.ts';
import type { RouteDef } from '../router.ts';
import { DateTimeSettingList, LanguageCode, ModuleName, UiSettingKey, UiSettingKeyList, Uuid, jsonBody, param, pathParam, requiredQuery } from '../validate.ts';
import type { DateTimeValues } from '../store.ts';
import { ZERO_UUID } from '../data/ids.ts';
import { LANGUAGES_BY_NAME, languageByCode } from '../data/languages.ts';
import { tenantById, type DateFormatValue, type TenantDef, type TimeFormatValue } from '../data/tenants.ts';
import { MODULE_TRANSLATIONS, type TranslationMap } from '../data/translations.ts';
import { orgDateTime, userDateTime } from '../views.ts';

/** The user's own guid only (contract: another guid answers 403). Checked before the body (check order). */
function ownGuid(ctx: RequestContext): void {
  const auth = requireAuth(ctx);
  const guid = pathParam(ctx, 'guid');
  if (guid.toLowerCase() !== auth.user.id.toLowerCase()) throw apiError(403, 'FORBIDDEN', 'These are not your preferences', { permission: null });
}

function readUserPreferences(ctx: RequestContext): Reply {
  ownGuid(ctx);
  const keys = jsonBody(ctx, UiSettingKeyList);
  const values = userDateTime(ctx.rt.store, requireAuth(ctx));
  return json(200, keys.map((key) => ({ key, value: values[key] })));
}

type SettingEntry = { key: 'dateFormat'; value: DateFormatValue } | { key: 'timeFormat'; value: TimeFormatValue };

function toValues(list: readonly SettingEntry[]): DateTimeValues {
  const values: DateTimeValues = {};
  for (const entry of list) {
    if (entry.key === 'dateFormat') values.dateFormat = entry.value;
    else values.timeFormat = entry.value;
  }
  return values;
}

function saveUserPreferences(ctx: RequestContext): Reply {
  ownGuid(ctx);
  const list = jsonBody(ctx, DateTimeSettingList);
  ctx.rt.store.userDateTime.set(requireAuth(ctx).user.id, toValues(list));
  return empty(204);
}

function readOrgSetting(ctx: RequestContext): Reply {
  const auth = requireAuth(ctx);
  const key = param('key', requiredQuery(ctx, 'key'), UiSettingKey);
  return json(200, { key, value: orgDateTime(ctx.rt.store, auth.orgGroup)[key] });
}

function saveOrgSettings(ctx: RequestContext): Reply {
  const list = jsonBody(ctx, DateTimeSettingList);
  ctx.rt.store.orgDateTime.set(requireAuth(ctx).orgGroup.id, toValues(list));
  return empty(204);
}

/** A supported language code from a path parameter: malformed is 400, unsupported 404 (contract). */
function languageParam(ctx: RequestContext, name: string): string {
  const code = param(name, pathParam(ctx, name), LanguageCode);
  if (!languageByCode(code)) throw notFound(`Unsupported language ${code}`);
  return code;
}

function fallBack(tenant: TenantDef | null): boolean {
  return tenant?.fallBackToNotFound ?? false;
}

/**
 * v1 (anonymous): the full text plus, when tenantId names a tenant, its overrides and custom
 * terms already merged (unknown tenant ids count as the all-zero id: platform defaults only).
 */
function translationsV1(ctx: RequestContext): Reply {
  const lang = languageParam(ctx, 'lang');
  const queryLanguage = ctx.query.get('language');
  if (queryLanguage !== null) param('language', queryLanguage, LanguageCode); // path wins when they differ
  const tenantId = ctx.query.get('tenantId');
  if (tenantId !== null) param('tenantId', tenantId, Uuid);
  const tenant = tenantId && tenantId !== ZERO_UUID ? (tenantById(tenantId) ?? null) : null;
  const translations: TranslationMap = {
    ...ctx.rt.translations.get(lang),
    ...(tenant?.translations[lang] ?? {}),
    ...(tenant?.customTerms[lang] ?? {}),
  };
  return json(200, { Translations: translations, FallBackToNotFound: fallBack(tenant) });
}

/** v2 tenant: platform texts as defaultTranslations, the tenant's overrides as translations/customTerms. */
function translationsTenant(ctx: RequestContext): Reply {
  const auth = requireAuth(ctx);
  const lang = languageParam(ctx, 'lang');
  return json(200, {
    defaultTranslations: ctx.rt.translations.get(lang),
    translations: auth.tenant.translations[lang] ?? {},
    defaultCustomTerms: {},
    customTerms: auth.tenant.customTerms[lang] ?? {},
    FallBackToNotFound: fallBack(auth.tenant),
  });
}

/** Contract: an unknown module answers 200 with empty maps. */
function translationsModule(ctx: RequestContext): Reply {
  const auth = requireAuth(ctx);
  const lang = languageParam(ctx, 'language');
  const moduleName = param('module', pathParam(ctx, 'module'), ModuleName);
  return json(200, {
    defaultTranslations: MODULE_TRANSLATIONS[moduleName]?.[lang] ?? {},
    translations: {},
    defaultCustomTerms: {},
    customTerms: ctx.rt.store.moduleTermsOf(auth.tenant, moduleName, lang),
    FallBackToNotFound: fallBack(auth.tenant),
  });
}

function seedTranslations(ctx: RequestContext): Reply {
  return json(200, ctx.rt.translations.get(languageParam(ctx, 'lang')));
}

const PREFERENCES = '/api/globalization/v1/ui-settings/user/:guid/preferences';

export const globalizationRoutes: RouteDef[] = [
  { method: 'POST', pattern: PREFERENCES, auth: 'bearer', handler: readUserPreferences },
  { method: 'PUT', pattern: PREFERENCES, auth: 'bearer', handler: saveUserPreferences },
  { method: 'GET', pattern: '/api/globalization/v1/ui-settings', auth: 'bearer', handler: readOrgSetting },
  { method: 'PUT', pattern: '/api/globalization/v1/ui-settings', auth: 'bearer', permission: 'UiSettingsEdit', handler: saveOrgSettings },
  { method: 'GET', pattern: '/api/globalization/v1/languages', auth: 'optional', cacheable: true, handler: () => json(200, LANGUAGES_BY_NAME) },
  { method: 'GET', pattern: '/api/globalization/v2/translations/tenant-custom/:language/:module', auth: 'bearer', cacheable: true, handler: translationsModule },
  { method: 'GET', pattern: '/api/globalization/v2/translations/tenant/:lang', auth: 'bearer', cacheable: true, handler: translationsTenant },
  { method: 'GET', pattern: '/api/globalization/v1/translations/:lang', auth: 'optional', cacheable: true, handler: translationsV1 },
  { method: 'GET', pattern: '/seed-translations/:lang', auth: 'none', handler: seedTranslations },
];
