/**
 * Everything the emulator changes while it runs. A reset replaces the whole Store with a fresh
 * one, which is how /__control/reset gets "everything back to the start state".
 */
import type { DateFormatValue, TimeFormatValue } from './data/tenants.ts';
import type { TrustedIssuer } from './tokens.ts';

export interface Session {
  sid: string;
  userId: string;
  /** Server logout or revocation ends the session: its tokens get 401 / invalid_grant. */
  revoked: boolean;
  /** organization_id of the last refresh (contract: "becomes the session's current organisation"). */
  organizationId: string | null;
  /** Thumbprint of the DPoP key the session is bound to (RFC 9449), or null (Bearer). */
  jkt: string | null;
}

export interface AuthCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  userId: string;
  scope: string;
  nonce: string | null;
  expiresAt: number;
  used: boolean;
}

export interface DateTimeValues {
  dateFormat?: DateFormatValue;
  timeFormat?: TimeFormatValue;
}

export interface UserToolPreferences {
  UserFeedback: boolean;
  UserGuidance: boolean;
  ProductImprovements: boolean;
  ProductImprovementsNotification: boolean;
}

/** Contract: defaults for a user who never saved. */
export const DEFAULT_TOOL_PREFERENCES: Readonly<UserToolPreferences> = {
  UserFeedback: true,
  UserGuidance: true,
  ProductImprovements: false,
  ProductImprovementsNotification: true,
};

export interface SalesCaseRecord {
  time: string;
  userId: string;
  tenantId: string;
  caseType: string;
  caseParams: Record<string, unknown>;
}

export interface StoreOptions {
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
}

export class Store {
  clockOffsetSeconds = 0;
  /**
   * When set, the contract's cacheable answers (x-cacheable, 200) carry
   * `Cache-Control: private, max-age={this}`, as a platform may: the browser's HTTP cache then keeps
   * them under their URL alone, whoever's bearer fetched them. Null (the start): no such header.
   */
  cacheableMaxAgeSeconds: number | null = null;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;

  /** An OpenID provider whose access tokens are taken as the platform's (none at start). */
  trustedIssuer: TrustedIssuer | null = null;

  readonly sessions = new Map<string, Session>();
  readonly usedRefreshJtis = new Set<string>();
  readonly revokedAccessJtis = new Set<string>();
  readonly authCodes = new Map<string, AuthCode>();

  /** By user id. */
  readonly userDateTime = new Map<string, DateTimeValues>();
  /** By organisation group id. */
  readonly orgDateTime = new Map<string, DateTimeValues>();
  /** By user id. */
  readonly toolPreferences = new Map<string, UserToolPreferences>();
  /** `${userId}|${scheduleId}` of acknowledged maintenance schedules. */
  readonly acknowledgements = new Set<string>();
  /** `${userId}|${messageId}` → notificationStatus. */
  readonly benchmarking = new Map<string, boolean>();
  readonly cases: SalesCaseRecord[] = [];
  /** By user id: the end-user agreement version the member accepted. */
  readonly eulaAccepted = new Map<string, string>();
  /** `${tenantId}|${module}|${language}` → the tenant's custom terms set by /__control/module-terms (instead of its seeded ones). */
  readonly moduleTerms = new Map<string, Record<string, string>>();

  constructor(options: StoreOptions) {
    this.accessTtlSeconds = options.accessTtlSeconds;
    this.refreshTtlSeconds = options.refreshTtlSeconds;
  }

  /** The emulator's notion of now, in seconds (token iat/exp and every expiry check). */
  now(): number {
    return Math.floor(Date.now() / 1000) + this.clockOffsetSeconds;
  }

  /** A tenant's custom terms of a module in a language: set by control, else its seeded ones. */
  moduleTermsOf(tenant: { id: string; moduleTerms: Record<string, Record<string, Record<string, string>>> }, module: string, language: string): Record<string, string> {
    return this.moduleTerms.get(`${tenant.id}|${module}|${language}`) ?? tenant.moduleTerms[module]?.[language] ?? {};
  }

  toolPreferencesOf(userId: string): UserToolPreferences {
    return this.toolPreferences.get(userId) ?? { ...DEFAULT_TOOL_PREFERENCES };
  }
}
