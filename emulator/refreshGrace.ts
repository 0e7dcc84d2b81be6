/**
 * The contract's refresh grace (RFC 9700 §4.14.2): a rotated refresh token presented again within
 * the grace of its first use, while its successor is still unused, gets the very same answer
 * again; any other reuse is theft and revokes the session (token.ts decides, this file remembers).
 */
import type { TokenResponse } from './grants.ts';

export const DEFAULT_GRACE_SECONDS = 60;
export const MAX_GRACE_SECONDS = 300;

export interface FirstAnswer {
  /** The answer of the first use, sent again as it was. */
  response: TokenResponse;
  /** jti of the refresh token in that answer: once used, the grace is over. */
  successorJti: string;
}

export interface GraceRecord {
  /** Emulator time of the token's first (successful) use. */
  firstUseAt: number;
  /**
   * Remembered before the answer is signed, so a repeat that arrives while the first use is still
   * being answered (two tabs, a client retry) waits for it instead of looking like theft.
   */
  answer: Promise<FirstAnswer>;
}

export class RefreshGrace {
  seconds = DEFAULT_GRACE_SECONDS;
  /** By the jti of the redeemed refresh token. */
  private readonly records = new Map<string, GraceRecord>();

  remember(jti: string, record: GraceRecord): void {
    // Records older than the longest possible grace can never answer again.
    for (const [key, old] of this.records) {
      if (old.firstUseAt >= record.firstUseAt - MAX_GRACE_SECONDS) break;
      this.records.delete(key);
    }
    this.records.set(jti, record);
  }

  /** The first answer to repeat, when the repeat is inside the grace and the successor is still unused. */
  async repeatable(jti: string, now: number, successorUsed: (jti: string) => boolean): Promise<TokenResponse | null> {
    const record = this.records.get(jti);
    if (!record) return null;
    if (now - record.firstUseAt >= this.seconds) return null;
    const first = await record.answer;
    return successorUsed(first.successorJti) ? null : first.response;
  }
}
