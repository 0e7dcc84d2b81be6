/**
 * Idempotency-Key (contract "Idempotency (Assumed)"): the first answer to a write is kept for
 * 24 h per user and key; a repeat is not applied again and gets that answer back. This is what
 * makes an offline outbox safe to replay after a lost answer (see the dropAfterApply fault).
 */
import type { Reply } from './http.ts';

const TTL_SECONDS = 24 * 3600;

interface Remembered {
  reply: Reply;
  expiresAt: number;
}

export class IdempotencyCache {
  private readonly answers = new Map<string, Remembered>();

  private static keyOf(user: string, key: string): string {
    return `${user}\u0000${key}`;
  }

  get(user: string, key: string, now: number): Reply | undefined {
    const id = IdempotencyCache.keyOf(user, key);
    const hit = this.answers.get(id);
    if (!hit) return undefined;
    if (hit.expiresAt <= now) {
      this.answers.delete(id);
      return undefined;
    }
    return hit.reply;
  }

  remember(user: string, key: string, reply: Reply, now: number): void {
    this.answers.set(IdempotencyCache.keyOf(user, key), { reply, expiresAt: now + TTL_SECONDS });
  }
}
