/**
 * The request log tests read through GET /__control/log: every request the emulator handles
 * (never /__control itself), with the path as received (including any ptl prefix), so tests can
 * assert what the platform received instead of intercepting the browser.
 */
export interface LogEntry {
  seq: number;
  time: string;
  method: string;
  /** As received, including any ptl prefix, without the query. */
  path: string;
  /** The tenant prefix the path carried, or null. */
  ptl: string | null;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
  /** 0 while the answer is pending, or when the socket was dropped before any answer. */
  status: number;
  /** True when a drop / dropAfterApply fault destroyed the socket instead of answering. */
  dropped: boolean;
  /** True when an Idempotency-Key repeat got the first answer back and was not applied again. */
  replayed: boolean;
  /** Whether the call carried a DPoP proof and whether it was valid for this call ('invalid' includes a missing nonce). */
  dpop: DpopVerdictName;
  /** Why the proof was refused (debugging aid). */
  dpopError?: string;
  /** A refresh answered from the refresh grace (the same answer as the token's first use). */
  graceReplay: boolean;
  /** A refresh refused as reuse outside the grace; it revoked the session. */
  reuse: boolean;
}

export type DpopVerdictName = 'absent' | 'valid' | 'invalid';

/** Keeps the newest entries only, so a long dev session cannot grow without bound. */
const MAX_ENTRIES = 5000;

export class RequestLog {
  private entries: LogEntry[] = [];
  private seq = 0;

  add(entry: Omit<LogEntry, 'seq' | 'time' | 'status' | 'dropped' | 'replayed' | 'dpop' | 'graceReplay' | 'reuse'>): LogEntry {
    const full: LogEntry = { seq: ++this.seq, time: new Date().toISOString(), status: 0, dropped: false, replayed: false, dpop: 'absent', graceReplay: false, reuse: false, ...entry };
    this.entries.push(full);
    if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
    return full;
  }

  /** `path` is a prefix of the path as received or of the un-prefixed path; `method` is exact (any case). */
  list(filter: { path?: string | null; method?: string | null } = {}): LogEntry[] {
    const method = filter.method?.toUpperCase();
    const prefix = filter.path;
    return this.entries.filter((e) => {
      if (method && e.method !== method) return false;
      if (prefix) {
        const unprefixed = e.ptl ? e.path.slice(e.ptl.length + 1) : e.path;
        if (!e.path.startsWith(prefix) && !unprefixed.startsWith(prefix)) return false;
      }
      return true;
    });
  }

  clear(): void {
    this.entries = [];
  }
}
