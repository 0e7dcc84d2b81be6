// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshSession } from '../core/refresh';
import { deleteKv, readKv, sessionKeys } from '../core/sessionDb';
import { autoRefreshIntervalMs } from './autoRefresh';
import { storeSignIn } from './session';
import { unsignedJwt } from '../core/unsignedJwt.testSupport';

const jwt = unsignedJwt;
const later = Math.floor(Date.now() / 1000) + 900;
const tokens = {
  access_token: jwt({ guid: 'u1', tenantGuid: 't1', orgGroupGuid: 'g1', exp: later }),
  refresh_token: jwt({ exp: later + 28_800 }),
  token_type: 'bearer',
  expires_in: 900,
  scope: 'read',
};

describe('storeSignIn', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await deleteKv(sessionKeys.refreshedAt);
  });

  it('dates the new tokens, so the auto refresh right after a sign-in sends no grant', async () => {
    const tokenEndpoint = vi.fn(() => Promise.resolve(Response.json(tokens)));
    vi.stubGlobal('fetch', tokenEndpoint);
    const before = Date.now();
    await storeSignIn({ tokens, kind: 'Bearer', proofKey: null }, 'ada@acme.test');
    expect(await readKv(sessionKeys.refreshedAt, (v): v is number => typeof v === 'number')).toBeGreaterThanOrEqual(before);
    // The auto refresh's run (SPEC §9: first run after 3 s) with its own rule: not within half an interval.
    expect(await refreshSession({ unlessRefreshedWithinMs: autoRefreshIntervalMs / 2 })).toBe('reused');
    expect(tokenEndpoint).not.toHaveBeenCalled();
  });
});
