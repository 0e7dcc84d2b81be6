import * as z from 'zod/mini';

/**
 * The runtime configuration served at /config.json (contract schema RuntimeConfig).
 * Every field is optional with a default, so an absent file means "all defaults";
 * a present but invalid file is a start-up error that names each bad field.
 */
const nullableUrl = () => z._default(z.nullable(z.url()), null);
const nullableUriRef = () => z._default(z.nullable(z.string().check(z.minLength(1))), null);

export const authClientConfigSchema = z.lazy(() =>
  z.strictObject({
    clientId: z._default(z.string().check(z.minLength(1)), 'trust-shell'),
    scope: z._default(z.string(), 'read'),
    requireHttps: z._default(z.boolean(), false),
    oidc: z._default(z.boolean(), false),
    /** Contract "Refresh grace": how long the platform answers a just-rotated refresh token again (0: never). */
    refreshGraceSeconds: z._default(z.int().check(z.refine((v) => v >= 0 && v <= 300, { message: 'must be from 0 to 300' })), 60),
    issuer: nullableUrl(),
    tokenEndpoint: nullableUriRef(),
    logoutUrl: nullableUriRef(),
    userinfoEndpoint: nullableUriRef(),
    authorizationEndpoint: nullableUriRef(),
    redirectUri: nullableUrl(),
    /** SPEC §9: the auto refresh runs every 300000 ms times this (0 < factor ≤ 1). */
    autoRefreshFactor: z._default(z.number().check(z.refine((v) => v > 0 && v <= 1, { message: 'must be more than 0 and at most 1' })), 0.8),
    /** SPEC §7 "allowed URLs": other API origins a remote's host.fetch calls carry the access token to (configOrigins checks each). */
    trustedApiOrigins: z._default(z.array(z.string()), () => []),
  })
  .check(z.refine((c) => !c.oidc || c.issuer !== null, { message: 'issuer is required when oidc is true', path: ['issuer'] })),
);

export const microFrontendSchema = z.lazy(() => z.strictObject({
  name: z.string().check(z.minLength(1)),
  route: z.string().check(z.regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/)),
  moduleUrl: z.string().check(z.minLength(1)),
}));

export const runtimeConfigSchema = z.lazy(() => z.strictObject({
  authClient: z._default(authClientConfigSchema, () => authClientConfigSchema.parse({})),
  webToLeadUrl: nullableUrl(),
  analytics: z._default(z.strictObject({ scriptUrl: nullableUriRef() }), () => ({ scriptUrl: null })),
  communityAppOrigin: z._default(z.nullable(z.string().check(z.regex(/^https?:\/\/[^/?#]+$/))), null),
  connectedApps: z._default(z.array(z.string().check(z.regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$/))), () => []),
  systemStatusUrl: nullableUrl(),
  privacyNoticeUrl: nullableUrl(),
  seedTranslationUrl: nullableUriRef(),
  microFrontends: z._default(z.array(microFrontendSchema), () => []),
  /** SPEC §4: `auto` follows the language on screen; `ltr` / `rtl` force the direction. */
  textDirection: z._default(z.enum(['auto', 'ltr', 'rtl']), 'auto'),
}));

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid /config.json: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/** zod/mini ships no message catalogue (bundle size), so the common issue kinds are worded here. */
function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.length ? issue.path.join('.') : '(root)';
  switch (issue.code) {
    case 'unrecognized_keys':
      return `${where}: unknown field ${issue.keys.join(', ')}`;
    case 'invalid_type':
      return `${where}: expected ${issue.expected}`;
    case 'invalid_format':
      return `${where}: not a valid ${issue.format}`;
    case 'invalid_value':
      return `${where}: expected one of ${issue.values.map(String).join(', ')}`;
    case 'too_small':
      return `${where}: too short`;
    default:
      return `${where}: ${issue.message}`;
  }
}

/** Parses an unknown document into a RuntimeConfig, or throws ConfigError listing every problem. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const result = runtimeConfigSchema.safeParse(raw ?? {});
  if (result.success) return result.data;
  throw new ConfigError(result.error.issues.map(describeIssue));
}

/**
 * What the schema makes of an absent file, written out rather than parsed at import: the page's
 * first evaluation then builds no schema (runtimeConfig.test checks it equals the schema's parse).
 */
export const defaultRuntimeConfig: RuntimeConfig = {
  authClient: {
    clientId: 'trust-shell',
    scope: 'read',
    requireHttps: false,
    oidc: false,
    refreshGraceSeconds: 60,
    issuer: null,
    tokenEndpoint: null,
    logoutUrl: null,
    userinfoEndpoint: null,
    authorizationEndpoint: null,
    redirectUri: null,
    autoRefreshFactor: 0.8,
    trustedApiOrigins: [],
  },
  webToLeadUrl: null,
  analytics: { scriptUrl: null },
  communityAppOrigin: null,
  connectedApps: [],
  systemStatusUrl: null,
  privacyNoticeUrl: null,
  seedTranslationUrl: null,
  microFrontends: [],
  textDirection: 'auto',
};
