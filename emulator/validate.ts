/**
 * Request validation with zod, mirroring the contract's request schemas. Bodies are closed
 * (strict objects: contract "JSON request bodies are closed"); any violation is a 400
 * VALIDATION_ERROR whose `field` is the dotted path of the offending value ("caseParams.url",
 * "0.value"), or "body" when the body as a whole is wrong.
 */
import { z } from 'zod';
import { safeDecode, validationError } from './http.ts';
import type { RequestContext } from './context.ts';
import { UUID_RE } from './data/ids.ts';

export const Uuid = z.string().regex(UUID_RE, 'must be a UUID');
export const LanguageCode = z.string().regex(/^[a-z]{2,3}(-[a-z0-9]{2,8}){0,2}$/, 'must be a lower-case language code');
export const ModuleName = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a module name');
export const BrandingGroup = z.string().regex(/^[a-z0-9-]{1,64}$/, 'must be a branding group name');

export const SamlUserTypeRequest = z.strictObject({ Email: z.email() });

export const UiSettingKey = z.enum(['dateFormat', 'timeFormat']);
export const DateFormatValue = z.enum(['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY/MM/DD', 'YYYY-MM-DD', 'DD.MM.YYYY']);
export const TimeFormatValue = z.enum(['12Hour', '24Hour', 'DoNotDisplay']);

export const UiSettingKeyList = z
  .array(UiSettingKey)
  .min(1)
  .max(2)
  .superRefine((keys, ctx) => {
    keys.forEach((key, i) => {
      if (keys.indexOf(key) !== i) ctx.addIssue({ code: 'custom', message: `duplicate key ${key}`, path: [i] });
    });
  });

const DateFormatSetting = z.strictObject({ key: z.literal('dateFormat'), value: DateFormatValue });
const TimeFormatSetting = z.strictObject({ key: z.literal('timeFormat'), value: TimeFormatValue });
export const UiSetting = z.discriminatedUnion('key', [DateFormatSetting, TimeFormatSetting]);

/** Exactly one dateFormat and one timeFormat entry, in any order. */
export const DateTimeSettingList = z
  .array(UiSetting)
  .length(2)
  .superRefine((list, ctx) => {
    if (list[0]?.key === list[1]?.key) ctx.addIssue({ code: 'custom', message: 'needs one dateFormat and one timeFormat entry', path: [1, 'key'] });
  });

export const UserToolPreferences = z.strictObject({
  UserFeedback: z.boolean(),
  UserGuidance: z.boolean(),
  ProductImprovements: z.boolean(),
  ProductImprovementsNotification: z.boolean(),
});

export const TOOL_NAMES = ['UserFeedback', 'UserGuidance', 'ProductImprovements', 'ProductImprovementsNotification'] as const;

export const ToolSettingList = z
  .array(z.strictObject({ toolName: z.enum(TOOL_NAMES), enabled: z.boolean() }))
  .min(1)
  .max(4)
  .superRefine((list, ctx) => {
    list.forEach((entry, i) => {
      if (list.findIndex((e) => e.toolName === entry.toolName) !== i) ctx.addIssue({ code: 'custom', message: `duplicate toolName ${entry.toolName}`, path: [i, 'toolName'] });
    });
  });

export const BenchmarkingNotification = z.strictObject({
  messageId: z.string().min(1).max(128),
  notificationStatus: z.boolean(),
  notificationType: z.literal('HOME_PAGE'),
});

const NonBlank = z.string().max(255).regex(/\S/, 'must not be blank');

const CaseParams = z.strictObject({
  consentToContact: z.boolean().optional(),
  description: z.string().max(32000).optional(),
  owner: z.string().optional(),
  productCsat: z.int().min(1).max(5).optional(),
  company: z.string().max(255).optional(),
  email: z.email().max(254).optional(),
  subject: z.string().max(255).optional(),
  url: z.string().max(255).optional(),
  firstName: NonBlank.optional(),
  lastName: NonBlank.optional(),
  contactNumber: z.string().max(40).optional(),
  interestedIn: z.string().max(255).optional(),
});

/** Contract: contact-sales cases need non-blank firstName, lastName and email. */
const ContactSalesCaseParams = CaseParams.extend({ firstName: NonBlank, lastName: NonBlank, email: z.email().max(254) });

export const SalesCase = z.discriminatedUnion('caseType', [
  z.strictObject({ caseType: z.enum(['FREE_USER_CONTACT_SALES', 'TRIAL_USER_CONTACT_SALES']), caseParams: ContactSalesCaseParams }),
  z.strictObject({
    caseType: z.enum(['INTEGRATION', 'ISSUE', 'PRODUCT_FEEDBACK', 'USER_FEEDBACK', 'LABS_FEEDBACK', 'MODULE_FEEDBACK', 'TRIAL_REQUEST', 'SUBSCRIPTION_RENEWAL']),
    caseParams: CaseParams,
  }),
]);

/** The dotted path a zod issue points at; unknown keys name the key itself. */
export function fieldOf(issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys' && issue.keys[0] !== undefined) path.push(issue.keys[0]);
  return path.length > 0 ? path.join('.') : 'body';
}

function firstIssue(error: z.ZodError): { field: string; message: string } {
  const issue = error.issues[0];
  return issue ? { field: fieldOf(issue), message: issue.message } : { field: 'body', message: 'invalid' };
}

/** Parses the JSON body of a request against a schema, or throws the contract's 400. */
export function jsonBody<T>(ctx: RequestContext, schema: z.ZodType<T>): T {
  const body = ctx.body;
  if (body.kind === 'none') throw validationError('body', 'A JSON body is required');
  if (body.kind === 'invalid-json') throw validationError('body', 'Malformed JSON');
  if (body.kind !== 'json') throw validationError('body', 'Content-Type must be application/json');
  const result = schema.safeParse(body.value);
  if (!result.success) {
    const { field, message } = firstIssue(result.error);
    throw validationError(field, message);
  }
  return result.data;
}

/** Validates one value (a query or path parameter) named `field`. */
export function param<T>(field: string, value: unknown, schema: z.ZodType<T>): T {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(field, result.error.issues[0]?.message ?? 'invalid');
  return result.data;
}

/** A required query value, or a 400 naming it. */
export function requiredQuery(ctx: RequestContext, name: string): string {
  const value = ctx.query.get(name);
  if (value === null) throw validationError(name, 'is required');
  return value;
}

/** An optional boolean query value ("true"/"false"), or a 400 naming it. */
export function booleanQuery(ctx: RequestContext, name: string): boolean | undefined {
  const value = ctx.query.get(name);
  if (value === null) return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw validationError(name, 'must be true or false');
}

/** A path parameter, percent-decoded; bad percent-encoding is a 400 naming the parameter. */
export function pathParam(ctx: RequestContext, name: string): string {
  const decoded = safeDecode(ctx.params[name] ?? '');
  if (decoded === null) throw validationError(name, 'is not valid percent-encoding');
  return decoded;
}
