import { describe, expect, it } from 'vitest';
import { afterRetry, failureFrom, idempotencyWindowMs, inScope, isQueuedWrite, judgeAnswer, maxAttempts, planReplay, signerOf, type QueuedWrite } from './outboxRules';

const now = 1_800_000_000_000;
const write = (over: Partial<QueuedWrite> = {}): QueuedWrite => ({
  id: 'k1',
  seq: 1,
  label: 'WriteSavePreferences',
  kind: 'user-preferences',
  method: 'PUT',
  path: '/api/globalization/v1/ui-settings/user/u1/preferences',
  resource: 'PUT /api/globalization/v1/ui-settings/user/u1/preferences',
  contentType: 'application/json',
  body: '[]',
  userGuid: 'u1',
  tenantGuid: 't1',
  createdAt: now - 1000,
  attempts: 0,
  state: 'pending',
  ...over,
});

describe('planReplay', () => {
  it('sends the member’s pending writes in queue order', () => {
    const plan = planReplay([write({ id: 'b', seq: 2 }), write({ id: 'a', seq: 1 })], { userGuid: 'u1', tenantGuid: 't1' }, now);
    expect(plan.map((p) => [p.action, p.write.id])).toEqual([
      ['send', 'a'],
      ['send', 'b'],
    ]);
  });

  it('drops another member’s writes unsent, and sends nothing when nobody is signed in', () => {
    const queue = [write({ id: 'theirs', userGuid: 'u2' }), write({ id: 'mine', seq: 2 })];
    expect(planReplay(queue, { userGuid: 'u1', tenantGuid: 't1' }, now).map((p) => [p.action, p.write.id])).toEqual([
      ['drop', 'theirs'],
      ['send', 'mine'],
    ]);
    expect(planReplay(queue, null, now)).toEqual([]);
  });

  it('keeps writes made in another tenant waiting, and leaves failed ones to the member', () => {
    const queue = [write({ id: 'other-tenant', tenantGuid: 't2' }), write({ id: 'failed', seq: 2, state: 'failed' })];
    expect(planReplay(queue, { userGuid: 'u1', tenantGuid: 't1' }, now)).toEqual([]);
  });

  it('expires a write older than the platform’s idempotency memory instead of risking a second application', () => {
    const old = write({ createdAt: now - idempotencyWindowMs - 1 });
    expect(planReplay([old], { userGuid: 'u1', tenantGuid: 't1' }, now).map((p) => p.action)).toEqual(['expire']);
  });
});

describe('judgeAnswer', () => {
  it.each([
    [200, 'sent', 'sent'],
    [204, 'sent', 'sent'],
    [400, 'failed', 'failed'],
    [403, 'failed', 'failed'],
    [404, 'failed', 'failed'],
    [409, 'failed', 'failed'],
    [422, 'failed', 'failed'],
    [401, 'retry', 'retry'],
    [408, 'retry', 'retry'],
    [429, 'retry', 'retry'],
    [502, 'retry', 'retry'],
    [503, 'retry', 'retry'],
    [504, 'retry', 'retry'],
    [500, 'failed', 'retry'],
    [501, 'failed', 'retry'],
  ])('%i → %s on the first try, %s for a write that waited', (status, first, waited) => {
    expect(judgeAnswer(status).outcome).toBe(first);
    expect(judgeAnswer(status, true).outcome).toBe(waited);
  });
});

describe('afterRetry', () => {
  it('counts attempts and gives up as a failure the member sees after the last one', () => {
    let w = write();
    for (let i = 1; i < maxAttempts; i += 1) {
      w = afterRetry(w, 500);
      expect(w).toMatchObject({ attempts: i, state: 'pending', deferred: true });
    }
    expect(afterRetry(w, 500)).toMatchObject({ attempts: maxAttempts, state: 'failed', failure: { status: 500, message: 'ServerKeepsRefusing' } });
  });
});

describe('failureFrom', () => {
  it('takes the ApiError message, cut to 300 characters, and nothing from other bodies', () => {
    expect(failureFrom(400, { status: 400, code: 'VALIDATION_ERROR', message: 'Bad value' })).toEqual({ status: 400, message: 'Bad value' });
    expect(failureFrom(400, { message: 'x'.repeat(400) }).message).toHaveLength(300);
    expect(failureFrom(400, '<html>')).toEqual({ status: 400, message: '' });
    expect(failureFrom(404, null)).toEqual({ status: 404, message: '' });
  });
});

describe('isQueuedWrite (a corrupt stored entry is never sent)', () => {
  it('accepts a well-formed write', () => {
    expect(isQueuedWrite(write())).toBe(true);
  });
  it.each([
    ['null', null],
    ['a string', 'PUT /api/x'],
    ['no id', write({ id: '' })],
    ['a GET', { ...write(), method: 'GET' }],
    ['a path off the platform', write({ path: 'https://evil.test/api/x' })],
    ['a relative path outside /api/', write({ path: '/auth/connected-apps' })],
    ['a body that is not text', { ...write(), body: { a: 1 } }],
    ['no member', write({ userGuid: '' })],
    ['an unknown state', { ...write(), state: 'sending' }],
  ])('refuses %s', (_name, value) => {
    expect(isQueuedWrite(value)).toBe(false);
  });
});

describe('a queued write is bound to the scope it was made in', () => {
  const made = write({ userGuid: 'u1', tenantGuid: 't1', orgGroupGuid: 'g1', role: 'Site Admin', organizationId: 'o1' });
  const signer = { userGuid: 'u1', tenantGuid: 't1', orgGroupGuid: 'g1', role: 'Site Admin', organizationId: 'o1' };

  it.each([
    ['the same scope', signer, true],
    ['another organisation group', { ...signer, orgGroupGuid: 'g2' }, false],
    ['another role', { ...signer, role: 'Auditor' }, false],
    ['the role spelt otherwise', { ...signer, role: 'site admin' }, false],
    ['another organisation', { ...signer, organizationId: 'o2' }, false],
    ['a token that names no organisation', { ...signer, organizationId: null }, true],
    ['another tenant', { ...signer, tenantGuid: 't2' }, false],
    ['another member', { ...signer, userGuid: 'u2' }, false],
  ])('%s: sent %s', (_, now, expected) => {
    expect(inScope(made, now)).toBe(expected);
  });

  it('waits (is neither sent nor dropped) while another organisation group is current', () => {
    expect(planReplay([made], { ...signer, orgGroupGuid: 'g2' }, made.createdAt)).toEqual([]);
    expect(planReplay([made], signer, made.createdAt)).toEqual([{ action: 'send', write: made }]);
  });

  it('waits (is neither sent nor dropped) while another role is current, and goes when its role is back', () => {
    expect(planReplay([made], { ...signer, role: 'Auditor' }, made.createdAt)).toEqual([]);
    expect(planReplay([made], signer, made.createdAt)).toEqual([{ action: 'send', write: made }]);
  });

  it('the role is part of the kept record: a record with a role that is not text is dropped, never sent', () => {
    expect(isQueuedWrite(made)).toBe(true);
    expect(isQueuedWrite({ ...made, role: 7 })).toBe(false);
  });

  it('a token’s role is the signer’s', () => {
    expect(signerOf({ guid: 'u1', tenantGuid: 't1', orgGroupGuid: 'g1', role: 'Auditor' })).toMatchObject({ role: 'Auditor' });
  });

  it('a write queued by an older build (no organisation group) still goes in its tenant', () => {
    expect(inScope(write({ userGuid: 'u1', tenantGuid: 't1' }), { ...signer, orgGroupGuid: 'g2' })).toBe(true);
  });
});
