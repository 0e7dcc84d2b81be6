import { describe, expect, it } from 'vitest';
import { isRetiredNotice, parseTabCommand } from './workerMessages';

describe('tab ↔ service worker messages', () => {
  it.each([['SKIP_WAITING'], ['SKIP_WAITING_IF_UNSEEN'], ['outbox-replay']] as const)('%s is a command', (type) => {
    expect(parseTabCommand({ type })).toBe(type);
  });

  it.each([[{ type: 'skip_waiting' }], [{ type: ['SKIP_WAITING'] }], [{}], ['SKIP_WAITING'], [null], [{ type: 'trust-shell:sw-retired' }]])('%j is no command', (data) => {
    expect(parseTabCommand(data)).toBeNull();
  });

  it('knows the kill switch notice and nothing else', () => {
    expect(isRetiredNotice({ type: 'trust-shell:sw-retired' })).toBe(true);
    expect(isRetiredNotice({ type: 'SKIP_WAITING' })).toBe(false);
    expect(isRetiredNotice('trust-shell:sw-retired')).toBe(false);
  });
});
