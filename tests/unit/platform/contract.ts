/**
 * Zod schemas written from shared/platform-api.yaml (not from the emulator's code), used by the
 * tests to check that the emulator's answers keep the contract.
 */
import { z } from 'zod';

export const Uuid = z.string().regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/);
const NumericDate = z.int().min(0);
const LanguageCode = z.string().regex(/^[a-z]{2,3}(-[a-z0-9]{2,8}){0,2}$/);
const HexColor = z.string().regex(/^#[0-9A-Fa-f]{6}$/);
const ImageData = z.string().regex(/^(data:image\/[A-Za-z0-9.+-]+;base64,[A-Za-z0-9+/]+={0,2}|https?:\/\/\S+|\/\S*)$/);
const Jwt = z.string().regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
const RESERVED = ['api', 'auth', 'access', 'authentication', 'seed-translations', 'eula', 'landing', 'mfe-host', 'onboarding', 'vendor-portal', 'sso', 'welcome', 'error', 'app', 'assets', '404', 'oidc', 'config'];
const Ptl = z
  .string()
  .regex(/^[A-Za-z0-9-]{1,64}$/)
  .refine((v) => !RESERVED.includes(v.toLowerCase()));

export const AccessTokenClaims = z.looseObject({
  guid: Uuid,
  email: z.email(),
  authorities: z.array(z.string()),
  role: z.string(),
  tenantGuid: Uuid,
  orgGroupGuid: Uuid,
  root: Uuid,
  languageId: z.int(),
  virtualRole: z.boolean(),
  ptl: Ptl.optional(),
  iat: NumericDate,
  exp: NumericDate,
  jti: z.string().optional(),
});

export const RefreshTokenClaims = z.looseObject({
  exp: NumericDate,
  iat: NumericDate.optional(),
  jti: z.string().optional(),
  guid: Uuid.optional(),
  tenantGuid: Uuid.optional(),
  orgGroupGuid: Uuid.optional(),
});

export const IdTokenClaims = z.looseObject({
  iss: z.string(),
  sub: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  exp: NumericDate,
  iat: NumericDate,
  nonce: z.string().optional(),
  at_hash: z.string().optional(),
});

export const TokenResponse = z.looseObject({
  access_token: Jwt,
  refresh_token: Jwt,
  token_type: z.enum(['bearer', 'Bearer', 'DPoP', 'dpop']),
  expires_in: z.int().min(1),
  scope: z.string(),
  id_token: Jwt.optional(),
});

export const OAuthError = z.looseObject({
  error: z.enum(['invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type', 'invalid_scope']),
  error_description: z.string().optional(),
});

export const ApiError = z.looseObject({
  status: z.int(),
  code: z.enum(['VALIDATION_ERROR', 'MISSING_TOKEN', 'INVALID_TOKEN', 'TOKEN_EXPIRED', 'FORBIDDEN', 'NOT_FOUND', 'TENANT_PREFIX_REQUIRED', 'TENANT_PREFIX_MISMATCH', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE']),
  message: z.string(),
  field: z.string().nullable().optional(),
  permission: z.string().nullable().optional(),
});

const Language = z.looseObject({ Id: z.int(), Code: LanguageCode, Name: z.string(), IsRtl: z.boolean() });
export const LanguageList = z.array(Language).min(1);

const PermissionName = z.string().regex(/^[A-Za-z0-9_.:-]{1,128}$/);
export const PermissionMap = z.record(PermissionName, z.boolean());
const GrantedPermissions = z.record(PermissionName, z.literal(true));

const OrgGroup = z.looseObject({ Id: Uuid, Name: z.string() });
export const Tenant = z.looseObject({
  Id: Uuid,
  Name: z.string(),
  parentName: z.string().nullable(),
  buyingType: z.enum(['PAID', 'TRIAL', 'FREE', 'SANDBOX']),
  OrgGroups: z.array(OrgGroup),
});

export const CurrentUser = z.looseObject({
  id: Uuid,
  FirstName: z.string(),
  LastName: z.string(),
  FullName: z.string(),
  Email: z.email(),
  OrgGroupName: z.string(),
  CurrentTenant: Uuid,
});

const DateFormatSetting = z.strictObject({ key: z.literal('dateFormat'), value: z.enum(['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY/MM/DD', 'YYYY-MM-DD', 'DD.MM.YYYY']) });
const TimeFormatSetting = z.strictObject({ key: z.literal('timeFormat'), value: z.enum(['12Hour', '24Hour', 'DoNotDisplay']) });
export const UiSetting = z.discriminatedUnion('key', [DateFormatSetting, TimeFormatSetting]);
const DateTimePreference = z.looseObject({ DateFormat: DateFormatSetting, TimeFormat: TimeFormatSetting });

export const Branding = z.looseObject({
  loginLogoData: ImageData.nullable(),
  logoData: ImageData.nullable(),
  primaryColor: HexColor.nullable(),
  secondaryColor: HexColor.nullable(),
  tertiaryColor: HexColor.nullable(),
  pageTitle: z.string().max(256).nullable(),
  inheritedFrom: z.string().nullable(),
  inherited: z.boolean(),
});

export const BrandingResourceList = z
  .array(z.looseObject({ resourceName: z.string().min(1), value: z.string() }))
  .refine((list) => new Set(list.map((r) => r.resourceName)).size === list.length, 'resource names are unique');

export interface OrgNode {
  Id: string;
  Name: string;
  ParentId: string | null;
  Children: OrgNode[];
  Position: number;
}

/** Recursive through a getter (zod 4's recursion form; faster than z.lazy on the 50,000-node tree). */
export const OrgTreeNode = z.looseObject({
  Id: Uuid,
  Name: z.string(),
  ParentId: Uuid.nullable(),
  get Children(): z.ZodArray<typeof OrgTreeNode> {
    return z.array(OrgTreeNode);
  },
  Position: z.int().min(0),
});

export const GlobalState = z.looseObject({
  languages: LanguageList,
  permissions: GrantedPermissions,
  tenant: Tenant,
  tenants: z.array(Tenant).nullable(),
  user: CurrentUser,
  settings: DateTimePreference,
  branding: Branding,
  resources: BrandingResourceList,
  organizations: z.array(OrgTreeNode),
});

const ContentAttribute = z.looseObject({ Key: z.string().min(1), Value: z.string() });

export const AnonymousState = z.looseObject({
  languages: LanguageList,
  content: z.looseObject({
    License: z.string().nullable(),
    CustomerSuccessKey: z.string().nullable(),
    loginLogo: ImageData.nullable(),
    CommunityAppUrl: z.url().nullable(),
    Attributes: z.array(ContentAttribute),
  }),
  resources: BrandingResourceList,
});

export const ContentAttributeList = z.array(ContentAttribute);

const TranslationMap = z.record(z.string().min(1).max(256), z.string());
export const TranslationsV1 = z.looseObject({ Translations: TranslationMap, FallBackToNotFound: z.boolean() });
export const TenantTranslations = z.looseObject({
  defaultTranslations: TranslationMap,
  translations: TranslationMap,
  defaultCustomTerms: TranslationMap,
  customTerms: TranslationMap,
  FallBackToNotFound: z.boolean(),
});
export { TranslationMap };

export const AlertBanner = z.looseObject({
  alertScheduleId: Uuid,
  alertType: z.enum(['Error', 'Warning', 'Info']),
  bannerMessage: z.looseObject({ message: z.string() }),
  dismissible: z.boolean(),
  displayAttributes: z.looseObject({ attributes: z.looseObject({ BannerColor: HexColor.nullable() }) }),
});

const UtcNoZone = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?$/);
export const MaintenanceAlert = z.looseObject({
  alertScheduleId: Uuid,
  maintenanceScheduleAttributes: z.looseObject({ MaintenanceStartTime: UtcNoZone, MaintenanceEndTime: UtcNoZone }),
});

export const BenchmarkingNotification = z.strictObject({
  messageId: z.string().min(1).max(128),
  notificationStatus: z.boolean(),
  notificationType: z.literal('HOME_PAGE'),
});

export const UserToolPreferences = z.strictObject({
  UserFeedback: z.boolean(),
  UserGuidance: z.boolean(),
  ProductImprovements: z.boolean(),
  ProductImprovementsNotification: z.boolean(),
});

export const ToolSettingList = z.array(z.strictObject({ toolName: z.enum(['UserFeedback', 'UserGuidance', 'ProductImprovements', 'ProductImprovementsNotification']), enabled: z.boolean() }));

export const Subscription = z.looseObject({ Id: Uuid, Name: z.string(), IsTrial: z.boolean(), StartDate: z.iso.datetime(), EndDate: z.iso.datetime() });
export const InvitedOrganization = z.looseObject({ id: Uuid, name: z.string() });
export const OrgGroupUser = z.looseObject({ Id: Uuid, FirstName: z.string(), LastName: z.string(), FullName: z.string(), Email: z.email() });
export const AccessLevel = z.looseObject({ Id: Uuid, Name: z.string() });
export const SamlUserType = z.looseObject({ IsEnabled: z.boolean(), IdentityProviderSignOutUrl: z.url().nullable(), IsOpenSaml4: z.boolean() });
export const NavigationConfiguration = z.looseObject({ showLegacyNavigation: z.boolean(), newNavigationTenantPreference: z.boolean(), newNavigationPreviewEnabled: z.boolean() });
export const ThemeResponse = z.looseObject({ themeEnabled: z.boolean(), theme: z.enum(['default', 'preview', 'preview-dark', 'preview-system']) });
export const TenantContext = z.looseObject({ Id: Uuid });
export const OidcDiscovery = z.looseObject({ issuer: z.url(), authorization_endpoint: z.url(), token_endpoint: z.url(), jwks_uri: z.url() });
