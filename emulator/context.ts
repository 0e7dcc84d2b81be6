/** What a route handler gets for one request. */
import type { IncomingMessage } from 'node:http';
import type { ParsedBody } from './http.ts';
import type { Runtime } from './runtime.ts';
import type { Session } from './store.ts';
import type { AccessClaims } from './tokens.ts';
import type { DpopVerdictName } from './log.ts';
import type { OrgGroupDef, TenantDef } from './data/tenants.ts';
import type { RoleDef, UserDef } from './data/users.ts';

/** A verified bearer and what it points at. */
export interface AuthInfo {
  token: string;
  claims: AccessClaims;
  user: UserDef;
  tenant: TenantDef;
  orgGroup: OrgGroupDef;
  role: RoleDef;
  session: Session;
}

export interface RequestContext {
  req: IncomingMessage;
  method: string;
  /** Path as received (with any tenant prefix), without the query. */
  rawPath: string;
  /** Path without the tenant prefix: what routes, faults and overrides match. */
  path: string;
  /** The tenant prefix segment, or null. */
  prefix: string | null;
  query: URLSearchParams;
  params: Record<string, string>;
  body: ParsedBody;
  /** The client's origin as seen in the request (http://localhost:4173 by default). */
  origin: string;
  rt: Runtime;
  /** Set for bearer routes, and for optional-bearer routes when a bearer was sent. */
  auth: AuthInfo | null;
  /** What the handling found out for the request log (see LogEntry). */
  notes: RequestNotes;
}

/** Filled while a request is handled, copied into its LogEntry. */
export interface RequestNotes {
  /** Null until a proof was judged (or found absent). */
  dpop: DpopVerdictName | null;
  dpopError?: string;
  graceReplay: boolean;
  reuse: boolean;
}

export function freshNotes(): RequestNotes {
  return { dpop: null, graceReplay: false, reuse: false };
}
