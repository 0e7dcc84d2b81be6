import * as z from 'zod/mini';
import { maxTokenLength, parseRefreshClaims } from './claims';
import { tokenKindOf } from './tokenKind';
import type { StoredAuth } from './sessionDb';

/**
 * What a token answer must be (contract TokenResponse). The platform's refresh token is a JWT whose
 * exp the shell reads; an OpenID Connect provider's is opaque to a client (RFC 6749 §1.5), so with
 * authClient.oidc on any printable token is taken and its lifetime comes from the answer's
 * `refresh_expires_in`, if it names one.
 */

const jwt = z.lazy(() => z.string().check(z.regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/)));
/** RFC 6749 Appendix A.17: VSCHAR, so it can go in a form field as it is. */
const opaqueToken = z.lazy(() => z.string().check(z.minLength(1), z.maxLength(maxTokenLength), z.regex(/^[\x20-\x7E]+$/), z.refine((v) => v.trim() === v)));

const answerFields = () => ({
  access_token: jwt,
  // Bearer or DPoP (contract "Sender-constrained tokens"); any other type is no session the shell can use.
  token_type: z.string().check(z.refine((v) => tokenKindOf(v) !== null)),
  expires_in: z.int().check(z.positive()),
  scope: z.string(),
  id_token: z.optional(jwt),
  /** Not the contract's: the lifetime some providers give an opaque refresh token (Keycloak's name). */
  refresh_expires_in: z.optional(z.int().check(z.positive())),
});

export const tokenResponseSchema = z.lazy(() => z.object({ ...answerFields(), refresh_token: jwt }));
const oidcTokenResponseSchema = z.lazy(() => z.object({ ...answerFields(), refresh_token: opaqueToken }));
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export type TokenAnswer = { ok: true; tokens: TokenResponse } | { ok: false; problem: string };

export interface AnswerRules {
  /** authClient.oidc: the answer may come from an OpenID Connect provider. */
  oidc: boolean;
  /** For a refresh grant: the token presented, kept when an OIDC answer names no new one (RFC 6749 §6). */
  presentedRefreshToken?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks a token answer against the rules; an answer off them gets a message naming where. */
export function parseTokenAnswer(body: unknown, rules: AnswerRules): TokenAnswer {
  if (!isRecord(body)) return { ok: false, problem: 'The token answer is not a JSON object' };
  const kept = rules.oidc && rules.presentedRefreshToken !== undefined && body.refresh_token === undefined;
  const candidate = kept ? { ...body, refresh_token: rules.presentedRefreshToken } : body;
  const parsed = (rules.oidc ? oidcTokenResponseSchema : tokenResponseSchema).safeParse(candidate);
  if (parsed.success) return { ok: true, tokens: parsed.data };
  const at = parsed.error.issues[0]?.path.join('.') ?? '';
  const why =
    at === 'refresh_token' && !rules.oidc && typeof body.refresh_token === 'string' && body.refresh_token !== ''
      ? 'not a JWT (an opaque refresh token is taken only with authClient.oidc on)'
      : (parsed.error.issues[0]?.message ?? 'invalid');
  return { ok: false, problem: `The token answer is off the contract at ${at || '(root)'}: ${why}` };
}

/**
 * The refresh token as stored: a token with its own exp as it is; an opaque one with the expiry its
 * answer gave (seconds), or null for none (no limit).
 */
export function storedRefreshToken(tokens: TokenResponse, nowMs: number = Date.now()): Pick<StoredAuth, 'refresh_token' | 'refreshExpiresAt'> {
  if (parseRefreshClaims(tokens.refresh_token)) return { refresh_token: tokens.refresh_token };
  const lifetime = tokens.refresh_expires_in;
  return { refresh_token: tokens.refresh_token, refreshExpiresAt: lifetime === undefined ? null : Math.floor(nowMs / 1000) + lifetime };
}
