// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteKv, sessionKeys, writeKv } from '../core/sessionDb';
import { addWrite, listWrites } from '../../outbox/core/outboxStore';
import type { QueuedWrite } from '../../outbox/core/outboxRules';

/**
 * The platform's logout revokes the access token at once: any call of this page still on its way
 * then meets a 401, and the refresh it starts is refused, which deletes the stored tokens while
 * the logoff goes on. The member's waiting writes must go all the same.
 */
const logoutCalls: string[] = [];
vi.mock('../../pipeline/page/apiFetch', () => ({
  apiFetch: async (path: string) => {
    logoutCalls.push(path);
    if (path === '/api/access/v1/auth/logout') {
      // What a refused refresh of another call does meanwhile (session/core/refresh's endSession).
      await deleteKv(sessionKeys.auth);
      await deleteKv(sessionKeys.accessToken);
      return new Response(null, { status: 204 });
    }
    return new Response(null, { status: 404 });
  },
}));

const { logoff } = await import('./logoff');

const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const token = (claims: object) => `${b64({ alg: 'RS256' })}.${b64(claims)}.sig`;

function write(userGuid: string, id: string): QueuedWrite {
  const path = '/api/globalization/v1/ui-settings/user/u1/preferences';
  return { id, label: 'WriteSavePreferences', kind: 'user-preferences', method: 'PUT', path, resource: `PUT ${path}`, contentType: null, body: null, userGuid, tenantGuid: 't1', createdAt: Date.now(), attempts: 0, state: 'pending', deferred: true };
}

describe('an explicit sign-out discards the member’s waiting writes', () => {
  beforeEach(async () => {
    logoutCalls.length = 0;
    await writeKv(sessionKeys.accessToken, token({ guid: 'u1', tenantGuid: 't1', exp: 4_000_000_000 }));
    await writeKv(sessionKeys.auth, { tenantGuid: 't1', orgGroupGuid: 'g1', refresh_token: token({ exp: 4_000_000_000 }) });
  });

  it('even when the session’s tokens are gone before the writes are (a refresh refused after the logout)', async () => {
    await addWrite(write('u1', 'mine'));
    await addWrite(write('u2', 'another member’s'));
    await logoff();
    expect(logoutCalls).toContain('/api/access/v1/auth/logout');
    expect((await listWrites()).map((w) => w.id)).toEqual(['another member’s']);
  });
});
