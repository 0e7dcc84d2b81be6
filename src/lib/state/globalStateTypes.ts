import * as z from 'zod/mini';
import { languageSchema } from '../auth/anonymousState';

/**
 * Contract schemas of the signed-in state (platform-api.yaml GlobalState and the calls around it).
 * Answers are validated here at the edge; an answer off the contract counts as a failed call.
 */
const uuid = z.lazy(() => z.string().check(z.minLength(1)));

export const orgGroupSchema = z.lazy(() => z.object({ Id: uuid, Name: z.string() }));
export const tenantSchema = z.lazy(() => z.looseObject({
  Id: uuid,
  Name: z.string(),
  parentName: z.nullable(z.string()),
  buyingType: z.string(),
  OrgGroups: z.array(orgGroupSchema),
}));
/** A role the user holds (Assumed optional CurrentUser.Roles: the contract has no roles list). */
export const roleSchema = z.lazy(() => z.object({ Id: z.string().check(z.minLength(1)), Name: z.string() }));
export const currentUserSchema = z.lazy(() => z.object({
  id: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  FullName: z.string(),
  Email: z.string(),
  OrgGroupName: z.string(),
  CurrentTenant: z.string(),
  Roles: z.optional(z.array(roleSchema)),
}));
export const accessLevelSchema = z.lazy(() => z.object({ Id: z.string(), Name: z.string() }));
export const orgGroupUserSchema = z.lazy(() => z.object({ Id: z.string(), FirstName: z.string(), LastName: z.string(), FullName: z.string(), Email: z.string() }));
export const navigationConfigSchema = z.lazy(() => z.object({
  showLegacyNavigation: z.boolean(),
  newNavigationTenantPreference: z.boolean(),
  newNavigationPreviewEnabled: z.boolean(),
}));
export const resourceListSchema = z.lazy(() => z.array(z.object({ resourceName: z.string().check(z.minLength(1)), value: z.string() })));
export const contentAttributeListSchema = z.lazy(() => z.array(z.object({ Key: z.string().check(z.minLength(1)), Value: z.string() })));
export const contentObjectSchema = z.lazy(() => z.looseObject({
  License: z.nullable(z.string()),
  CustomerSuccessKey: z.nullable(z.string()),
  loginLogo: z.nullable(z.string()),
  CommunityAppUrl: z.nullable(z.string()),
  Attributes: contentAttributeListSchema,
}));
export const toolPreferencesSchema = z.lazy(() => z.object({
  UserFeedback: z.boolean(),
  UserGuidance: z.boolean(),
  ProductImprovements: z.boolean(),
  ProductImprovementsNotification: z.boolean(),
}));
const dateTimeEntry = z.lazy(() => z.object({ key: z.string(), value: z.string() }));
export const dateTimePreferenceSchema = z.lazy(() => z.object({ DateFormat: dateTimeEntry, TimeFormat: dateTimeEntry }));

/** GlobalState without `organizations` (those stay in the organisation-tree worker). */
export const globalStateRestSchema = z.lazy(() => z.object({
  languages: z.array(languageSchema).check(z.minLength(1)),
  permissions: z.record(z.string(), z.literal(true)),
  tenant: tenantSchema,
  tenants: z.nullable(z.array(tenantSchema)),
  user: currentUserSchema,
  settings: dateTimePreferenceSchema,
  // Branding and resources are checked field by field by the branding module (one hostile field
  // must not drop the rest), so here they only need to be present.
  branding: z.unknown(),
  resources: z.unknown(),
}));

export type OrgGroup = z.infer<typeof orgGroupSchema>;
export type Tenant = z.infer<typeof tenantSchema>;
export type Role = z.infer<typeof roleSchema>;
export type CurrentUser = z.infer<typeof currentUserSchema>;
export type AccessLevel = z.infer<typeof accessLevelSchema>;
export type OrgGroupUser = z.infer<typeof orgGroupUserSchema>;
export type NavigationConfig = z.infer<typeof navigationConfigSchema>;
export type ContentAttribute = z.infer<typeof contentAttributeListSchema>[number];
export type ContentObject = z.infer<typeof contentObjectSchema>;
export type ToolPreferences = z.infer<typeof toolPreferencesSchema>;
export type DateTimePreference = z.infer<typeof dateTimePreferenceSchema>;
export type GlobalStateRest = z.infer<typeof globalStateRestSchema>;
