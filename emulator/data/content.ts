/**
 * Platform-wide content: content attributes, the content object, anonymous branding resources,
 * the version text, and the alert / maintenance / benchmarking messages of tenants with alerts.
 */
import { uuidFor } from './ids.ts';
import { logo, type TenantDef } from './tenants.ts';

export const VERSION_TEXT = '5.3.0|2026-11-01T10:00:00Z build 4242';

export const CRM_PATH = '/crm/servlet/servlet.WebToLead';

export interface ContentAttribute {
  Key: string;
  Value: string;
}

/**
 * Anonymous attributes. WebToLeadUrl points at this emulator's stand-in receiver on the caller's
 * own origin; seedTranslationDomains lists hosts that are never the test host, so seed
 * translations are merged by default; seedTranslationUrl is absent so /seed-translations/ is used.
 */
export function contentAttributes(origin: string): ContentAttribute[] {
  return [
    { Key: 'seedTranslationDomains', Value: 'translate.trust-shell.test,seed.trust-shell.test' },
    { Key: 'WebToLeadUrl', Value: `${origin}${CRM_PATH}` },
    { Key: 'WebToCaseUrl', Value: `${origin}/crm/servlet/servlet.WebToCase` },
    { Key: 'CrmOrgId', Value: '00D000000000062' },
    { Key: 'BuyNow', Value: '7012x000000AbCd' },
  ];
}

/** Signed-in attributes: the anonymous ones plus tenant facts. */
export function tenantContentAttributes(origin: string, tenant: TenantDef): ContentAttribute[] {
  return [...contentAttributes(origin), { Key: 'TenantName', Value: tenant.name }];
}

export const COMMUNITY_APP_URL = 'https://community.trust-shell.test/home';

export const PLATFORM_LOGIN_LOGO = logo('TRUST', '#334155');

/** Content object: platform-wide when anonymous, the tenant's own values when a bearer is sent. */
export function contentObject(origin: string, tenant: TenantDef | null): Record<string, unknown> {
  return {
    License: tenant ? tenant.content.License : 'Enterprise',
    CustomerSuccessKey: tenant ? tenant.content.CustomerSuccessKey : 'cs-platform-demo-key',
    loginLogo: tenant?.branding?.loginLogoData ?? PLATFORM_LOGIN_LOGO,
    CommunityAppUrl: COMMUNITY_APP_URL,
    Attributes: contentAttributes(origin),
  };
}

export interface BrandingResource {
  resourceName: string;
  value: string;
}

export const BRANDING_GROUPS = ['login-page'] as const;

/** Signed-out resources of the login page (platform-wide; no favicon so the default one shows). */
export const ANONYMOUS_RESOURCES: BrandingResource[] = [
  { resourceName: 'tabTitle', value: 'Trust & Privacy Platform' },
  { resourceName: 'loginLogo', value: PLATFORM_LOGIN_LOGO },
];

export function tenantResources(tenant: TenantDef): BrandingResource[] {
  const list: BrandingResource[] = [];
  if (tenant.favicon) list.push({ resourceName: 'favicon', value: tenant.favicon });
  if (tenant.tabTitle) list.push({ resourceName: 'tabTitle', value: tenant.tabTitle });
  if (tenant.branding?.loginLogoData) list.push({ resourceName: 'loginLogo', value: tenant.branding.loginLogoData });
  return list;
}

// ------------------------------------------------------------------------------------ alerts

type Localised = Record<'en-us' | 'de-de' | 'ar', string>;

export interface BannerDef {
  alertScheduleId: string;
  alertType: 'Error' | 'Warning' | 'Info';
  message: Localised;
  dismissible: boolean;
  bannerColor: string | null;
}

export function bannersFor(tenant: TenantDef): BannerDef[] {
  if (!tenant.alerts) return [];
  return [
    {
      alertScheduleId: uuidFor(`banner:${tenant.id}:release`),
      alertType: 'Info',
      message: {
        'en-us': 'Release 5.3 is live. <a href="https://community.trust-shell.test/release-notes">See what is new</a>.',
        'de-de': 'Version 5.3 ist verfügbar. <a href="https://community.trust-shell.test/release-notes">Neuerungen ansehen</a>.',
        ar: 'الإصدار 5.3 متاح الآن. <a href="https://community.trust-shell.test/release-notes">اكتشف الجديد</a>.',
      },
      dismissible: true,
      bannerColor: null,
    },
  ];
}

export function bannerMessage(banner: BannerDef, languageCode: string): string {
  const localised = banner.message as Record<string, string>;
  return localised[languageCode] ?? banner.message['en-us'];
}

export function maintenanceScheduleId(tenant: TenantDef): string | null {
  return tenant.alerts ? uuidFor(`maintenance:${tenant.id}`) : null;
}

function utcNoZone(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 19);
}

/**
 * The maintenance window is always "in three days, 02:00-06:00 UTC" of the emulator's clock, so
 * it never ends while a test suite runs (contract: ended schedules are not announced).
 */
export function maintenanceWindow(nowSeconds: number): { MaintenanceStartTime: string; MaintenanceEndTime: string } {
  const day = 86_400;
  const start = Math.floor(nowSeconds / day) * day + 3 * day + 2 * 3600;
  return { MaintenanceStartTime: utcNoZone(start), MaintenanceEndTime: utcNoZone(start + 4 * 3600) };
}

/** Benchmarking message id: also the translation key of the modal's description (contract). */
export const BENCHMARKING_MESSAGE_ID = 'BenchmarkingHomePageAnnouncement';

export function benchmarkingMessageFor(tenant: TenantDef): string | null {
  return tenant.alerts ? BENCHMARKING_MESSAGE_ID : null;
}
