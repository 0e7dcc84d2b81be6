import { describe, expect, it } from 'vitest';
import { grantVerdict } from './grantOutcome';
import { graceMarginMs, onUnheardGrant } from './refresh';

describe('what a token endpoint answer means for the session', () => {
  it.each([
    [200, null, 'answered'],
    [400, { error: 'invalid_grant' }, 'refused'],
    [401, { error: 'invalid_client' }, 'refused'],
    [400, { error: 'invalid_request' }, 'refused'],
    [400, { error: 'unsupported_grant_type' }, 'refused'],
    // No verdict on the grant: tried again by the refresh's own rules.
    [400, { error: 'use_dpop_nonce' }, 'unknown'],
    [400, { error: 'invalid_dpop_proof' }, 'unknown'],
    [400, { error: 'temporarily_unavailable' }, 'unknown'],
    [400, null, 'unknown'],
    [400, '<html>proxy</html>', 'unknown'],
    [429, { error: 'invalid_grant' }, 'unknown'],
    [500, null, 'unknown'],
    [503, null, 'unknown'],
    [404, null, 'unknown'],
  ])('%i %j → %s', (status, body, verdict) => {
    expect(grantVerdict(status, body)).toBe(verdict);
  });
});

describe('a refresh grant sent and never heard (a reload, a closed tab, its time limit)', () => {
  const now = 1_000_000_000;
  it.each([
    ['just sent, grace 60 s', 1_000, 60, 'present-again'],
    ['near the end of the grace (its margin kept)', 60_000 - graceMarginMs - 1, 60, 'present-again'],
    ['within the margin before the grace ends', 60_000 - graceMarginMs, 60, 'end-session'],
    ['past the grace', 61_000, 60, 'end-session'],
    ['a platform without a grace', 1_000, 0, 'end-session'],
    ['a long grace (300 s)', 200_000, 300, 'present-again'],
    ['sent "in the future" (the clock was set back)', -5_000, 60, 'end-session'],
  ] as const)('%s', (_case, ageMs, grace, outcome) => {
    expect(onUnheardGrant({ digest: 'd', sentAt: now - ageMs }, grace, now)).toBe(outcome);
  });
});
