/**
 * The login client's typed events (SPEC §8 "Login client events"). SPEC: "Handling is an event, a
 * rejected promise and a logged message" — so a failure is thrown internally as a LoginError, the
 * public SSO functions turn it into an emitted event (which logs it) and an `{ ok: false, event }`
 * answer. Kept free of heavy imports: the /auth chunk loads this module eagerly.
 */

/** Every error event SPEC §8 names, in its order. */
export const loginErrorEvents = [
  'discovery_document_validation_error',
  'discovery_document_load_error',
  'jwks_load_error',
  'user_profile_load_error',
  'token_error',
  'token_refresh_error',
  'token_validation_error',
  'token_revoke_error',
  'code_error',
  'invalid_nonce_in_state',
  'silent_refresh_timeout',
  'silent_refresh_error',
  'popup_blocked',
  'popup_closed',
] as const;

/** Success events the SSO flow emits (names as the login client library uses them). */
export const loginSuccessEvents = ['discovery_document_loaded', 'token_received'] as const;

export type LoginErrorEventType = (typeof loginErrorEvents)[number];
export type LoginSuccessEventType = (typeof loginSuccessEvents)[number];
export type LoginEventType = LoginErrorEventType | LoginSuccessEventType;

/** The ID-token check messages of SPEC §8, verbatim. */
export const loginMessages = {
  wrongAudience: 'Wrong audience',
  noSub: 'No sub claim in id_token',
  noIat: 'No iat claim in id_token',
  wrongIssuer: 'Wrong issuer',
  wrongNonce: 'Wrong nonce',
  atHashNeeded: 'An at_hash is needed!',
  wrongAtHash: 'Wrong at_hash',
  expired: 'Token has expired',
} as const;

export type LoginMessage = (typeof loginMessages)[keyof typeof loginMessages];

export interface LoginEvent {
  type: LoginEventType;
  /** Why it happened: one of loginMessages for the ID-token checks, otherwise a short description. */
  message?: string;
}

/** A login-client failure: the event to emit and the message to log. */
export class LoginError extends Error {
  constructor(
    readonly event: LoginErrorEventType,
    message: LoginMessage | (string & {}),
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'LoginError';
  }
}

const errorEvents: ReadonlySet<string> = new Set(loginErrorEvents);

export function isLoginErrorEvent(type: LoginEventType): type is LoginErrorEventType {
  return errorEvents.has(type);
}

type LoginEventHandler = (event: LoginEvent) => void;
const handlers = new Set<LoginEventHandler>();

/** Subscribes to login events; returns the unsubscribe function. */
export function onLoginEvent(handler: LoginEventHandler): () => void {
  handlers.add(handler);
  return () => {
    handlers.delete(handler);
  };
}

/** Emits an event to every subscriber; error events are also logged (SPEC §8 "a logged message"). */
export function emitLoginEvent(event: LoginEvent): void {
  if (isLoginErrorEvent(event.type)) console.error(`login event ${event.type}: ${event.message ?? ''}`);
  for (const handler of [...handlers]) {
    try {
      handler(event);
    } catch (error) {
      // One faulty subscriber must not keep the others (or the sign-in flow) from running.
      console.error('login event handler failed', error);
    }
  }
}

/** Emits the event a LoginError carries; anything else is reported as `fallback`. */
export function emitLoginError(error: unknown, fallback: LoginErrorEventType): LoginErrorEventType {
  const event = error instanceof LoginError ? error.event : fallback;
  const message = error instanceof Error ? error.message : String(error);
  emitLoginEvent({ type: event, message });
  return event;
}
