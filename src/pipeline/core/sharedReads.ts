import type { AccessClaims } from '../../session/core/claims';
import type { TokenKind } from '../../session/core/tokenKind';
import { pipelineSetHeaders } from './prepareRequest';

/**
 * One network for N tabs: the service worker runs the pipeline for every tab, so identical reads of
 * one scope, asked while one is on its way (or, for start-up reads, just after it answered), can be
 * answered by that one call. DOM-free: the caller passes the clock and the call itself.
 */


/** Everything a read's answer may depend on besides its URL and headers. */
export interface ReadScope {
  member: string;
  tenant: string;
  orgGroup: string;
  role: string;
  /** The current organisation, when the token names one. */
  org: string | null;
  language: string;
  tokenKind: TokenKind;
}

/** What the scope is read from: the session snapshot of the moment the call is sent. */
export interface ScopeSource {
  claims: AccessClaims | null;
  language: string;
  /** How the stored session presents its token (sessionSnapshot's `tokenKind`); absent means Bearer. */
  tokenKind?: TokenKind | null;
}

/** The scope of a call sent now, or null signed out (such calls are never shared). */
export function readScope(source: ScopeSource): ReadScope | null {
  const { claims } = source;
  if (!claims) return null;
  return {
    member: claims.guid,
    tenant: claims.tenantGuid,
    orgGroup: claims.orgGroupGuid,
    role: claims.role,
    org: claims.org ?? null,
    language: source.language,
    tokenKind: source.tokenKind === 'DPoP' ? 'DPoP' : 'Bearer',
  };
}

/** Headers the pipeline replaces with the scope's own (and the proof it signs): not the caller's question. */
const pipelineHeaders = new Set([...pipelineSetHeaders.map((name) => name.toLowerCase()), 'dpop']);

/**
 * The question a call asks: null for anything but a GET with a scope (writes are never shared).
 * The caller's other headers are part of it (a screen asking for another format asks another
 * question); identical callers send identical ones.
 */
export function sharedReadKey(method: string, url: string, headers: Iterable<[string, string]>, scope: ReadScope | null): string | null {
  if (method.toUpperCase() !== 'GET' || !scope) return null;
  const own = [...headers]
    .map(([name, value]) => [name.toLowerCase(), value] as const)
    .filter(([name]) => !pipelineHeaders.has(name))
    .map(([name, value]) => `${name}:${value}`)
    .sort();
  return JSON.stringify([url, own, scope.member, scope.tenant, scope.orgGroup, scope.role, scope.org, scope.language, scope.tokenKind]);
}

/**
 * How long a start-up read's answer answers the same read of another tab: tabs reloaded together
 * (a browser restoring its session, an update reloading every tab, a member's "reload all") start
 * within a second or two of one another on a slow device, and a start asks the current user again
 * 250 ms after the first answer (the start-up run). An answer that young is as fresh as one still
 * on its way; anything older is asked again. A write, a scope change or the platform going away
 * ends it sooner (`forget`).
 */
export const startupReadWindowMs = 3_000;

/** The largest answer kept for the window (a big organisation's init is not: it is only shared in flight). */
export const maxKeptAnswerBytes = 1024 * 1024;

/** All kept answers together: the oldest go first beyond it. */
export const maxKeptBytes = 4 * 1024 * 1024;

/**
 * A start-up answer another tab may reuse: a plain success the platform did not forbid keeping. A
 * copy from the member's cache (the platform slower than 3 s, pipeline/core/apiCache) is what the
 * first tab was shown: the others get it too rather than each asking the slow platform again.
 */
export function isReusableAnswer(response: Response): boolean {
  return response.status === 200 && !/(^|,)\s*no-store\s*(,|$)/i.test(response.headers.get('Cache-Control') ?? '');
}

/**
 * How the platform's bytes came over the wire, not what was kept: the body kept is already decoded,
 * and a stale length (the gzip size) would cut each reuse short.
 */
const bodyFramingHeaders = new Set(['content-encoding', 'content-length', 'transfer-encoding']);

interface Flight {
  /** Aborts the one call: only when every caller has gone. */
  controller: AbortController;
  callers: number;
  answered: boolean;
  answer: Promise<Response>;
}

interface KeptAnswer {
  at: number;
  status: number;
  statusText: string;
  headers: [string, string][];
  body: ArrayBuffer;
}

export interface SharedReadsOptions {
  now: () => number;
  windowMs?: number;
  maxAnswerBytes?: number;
  maxTotalBytes?: number;
}

export interface ReadRequest {
  /** From sharedReadKey. */
  key: string;
  /** A start-up read: its answer may answer the same read for the window. */
  keep: boolean;
  /** This caller's signal: its abort fails this caller only. */
  signal?: AbortSignal | null;
}

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The caller aborted', 'AbortError');
}

/** What the call failed with, as the caller's own fetch would have failed. */
const asError = (error: unknown): Error => (error instanceof Error ? error : new TypeError(String(error)));

/** The body, or null when it is larger than `limit` or fails on the way. */
async function readWithin(response: Response, limit: number): Promise<ArrayBuffer | null> {
  if (!response.body) return new ArrayBuffer(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        return null;
      }
      chunks.push(value);
    }
  } catch {
    return null;
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body.buffer;
}

/**
 * The reads in flight and the start-up answers kept for the window. Every caller gets its own
 * `clone()` of the one answer (a body that fails on the way fails them all alike); the call runs
 * under a signal of its own, aborted only when every caller has aborted.
 */
export class SharedReads {
  private readonly flights = new Map<string, Flight>();
  private readonly kept = new Map<string, KeptAnswer>();
  private keptBytes = 0;
  /** Bumped by forget(): a call that started before keeps nothing after. */
  private generation = 0;
  private readonly windowMs: number;
  private readonly maxAnswerBytes: number;
  private readonly maxTotalBytes: number;

  constructor(private readonly options: SharedReadsOptions) {
    this.windowMs = options.windowMs ?? startupReadWindowMs;
    this.maxAnswerBytes = options.maxAnswerBytes ?? maxKeptAnswerBytes;
    this.maxTotalBytes = Math.max(options.maxTotalBytes ?? maxKeptBytes, this.maxAnswerBytes);
  }

  /** The answer to `read`: a kept one, a copy of the one in flight, or of a call `send` starts now. */
  read(read: ReadRequest, send: (signal: AbortSignal) => Promise<Response>): Promise<Response> {
    const kept = read.keep ? this.keptAnswer(read.key) : null;
    if (kept) return Promise.resolve(kept);
    const flight = this.flights.get(read.key) ?? this.start(read, send);
    flight.callers += 1;
    return this.copyFor(read.key, flight, read.signal ?? null);
  }

  /**
   * Nothing kept or in flight answers a later caller: after a write (what was read may have
   * changed) and when the session's scope ends. Calls under way still answer their callers.
   */
  forget(): void {
    this.generation += 1;
    this.flights.clear();
    this.kept.clear();
    this.keptBytes = 0;
  }

  /** Kept answers and reads in flight, for tests and the bench. */
  get size(): { inFlight: number; kept: number; keptBytes: number } {
    return { inFlight: this.flights.size, kept: this.kept.size, keptBytes: this.keptBytes };
  }

  private start(read: ReadRequest, send: (signal: AbortSignal) => Promise<Response>): Flight {
    const controller = new AbortController();
    const flight: Flight = { controller, callers: 0, answered: false, answer: send(controller.signal) };
    this.flights.set(read.key, flight);
    const generation = this.generation;
    flight.answer.then(
      (response) => {
        flight.answered = true;
        if (read.keep && isReusableAnswer(response)) void this.keep(read.key, flight, response.clone(), generation);
        else this.end(read.key, flight);
      },
      () => this.end(read.key, flight),
    );
    return flight;
  }

  private end(key: string, flight: Flight): void {
    if (this.flights.get(key) === flight) this.flights.delete(key);
  }

  /** The answer stays joinable until its whole body has come (or proved too large), then is kept. */
  private async keep(key: string, flight: Flight, copy: Response, generation: number): Promise<void> {
    const body = await readWithin(copy, this.maxAnswerBytes);
    this.end(key, flight);
    if (!body || generation !== this.generation) return;
    const headers: [string, string][] = [];
    copy.headers.forEach((value, name) => {
      if (!bodyFramingHeaders.has(name)) headers.push([name, value]);
    });
    this.dropExpired();
    this.drop(key);
    while (this.keptBytes + body.byteLength > this.maxTotalBytes) {
      const oldest = this.kept.keys().next();
      if (oldest.done) break;
      this.drop(oldest.value);
    }
    this.kept.set(key, { at: this.options.now(), status: copy.status, statusText: copy.statusText, headers, body });
    this.keptBytes += body.byteLength;
  }

  private drop(key: string): void {
    const entry = this.kept.get(key);
    if (!entry) return;
    this.kept.delete(key);
    this.keptBytes -= entry.body.byteLength;
  }

  private dropExpired(): void {
    const now = this.options.now();
    for (const [key, entry] of this.kept) if (now - entry.at >= this.windowMs) this.drop(key);
  }

  private keptAnswer(key: string): Response | null {
    this.dropExpired();
    const entry = this.kept.get(key);
    // Each answer gets its own copy of the body: a Response takes one of the buffer it is given.
    return entry ? new Response(entry.body, { status: entry.status, statusText: entry.statusText, headers: entry.headers }) : null;
  }

  private copyFor(key: string, flight: Flight, signal: AbortSignal | null): Promise<Response> {
    return new Promise<Response>((resolve, reject) => {
      let gone = false;
      const leave = () => {
        gone = true;
        flight.callers -= 1;
        // The last caller gone before the answer: nobody needs the call any more.
        if (flight.callers === 0 && !flight.answered) {
          this.end(key, flight);
          flight.controller.abort();
        }
      };
      const onAbort = () => {
        leave();
        reject(abortError(signal!));
      };
      if (signal?.aborted) {
        onAbort();
        return;
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      flight.answer.then(
        (response) => {
          signal?.removeEventListener('abort', onAbort);
          if (gone) return;
          try {
            resolve(response.clone());
          } catch (error) {
            reject(asError(error));
          }
        },
        (error: unknown) => {
          signal?.removeEventListener('abort', onAbort);
          if (!gone) reject(asError(error));
        },
      );
    });
  }
}
