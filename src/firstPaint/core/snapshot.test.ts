import { describe, expect, it } from 'vitest';
import { memberScopeKey, parseAccessClaims } from '../../session/core/claims';
import { unsignedJwt } from '../../session/core/unsignedJwt.testSupport';
import { paintableSnapshot, type ChromeSnapshot, type StoredSessionView } from './snapshot';

const now = 1_800_000_000_000;
const seconds = now / 1000;

interface SessionOptions {
  accessExp?: number;
  refreshExp?: number;
  guid?: string;
  tenantGuid?: string;
  orgGroupGuid?: string;
  role?: string;
  language?: string | null;
}

function session({ accessExp = seconds + 600, refreshExp = seconds + 3600, guid = 'u1', tenantGuid = 't1', orgGroupGuid = 'g1', role = 'Site Admin', language = 'de-de' }: SessionOptions = {}): StoredSessionView {
  return {
    auth: { tenantGuid, orgGroupGuid, refresh_token: unsignedJwt({ exp: refreshExp }) },
    claims: parseAccessClaims(unsignedJwt({ guid, tenantGuid, orgGroupGuid, role, exp: accessExp })),
    language,
  };
}

const snapshot: ChromeSnapshot = {
  scopeKey: memberScopeKey({ guid: 'u1', tenantGuid: 't1', orgGroupGuid: 'g1', role: 'Site Admin' }),
  language: 'de-de',
  lang: 'de-de',
  dir: 'ltr',
  brand: 'custom',
  vars: { '--brand-primary': '#0B5FFF' },
  styles: ['/assets/SignedInLayout-x.css'],
  media: { query: '(min-width: 64rem)', matches: true },
  bar: { tag: 'header', attrs: {}, children: ['Ada'] },
};

describe('paintableSnapshot', () => {
  it('paints the snapshot of the stored member and tenant, in their language, with a live session', () => {
    expect(paintableSnapshot(snapshot, session(), now)).toBe(snapshot);
    // An expired access token with a valid refresh token is still a live session (the refresh runs behind).
    expect(paintableSnapshot(snapshot, session({ accessExp: seconds - 60 }), now)).toBe(snapshot);
    expect(paintableSnapshot(snapshot, session({ language: 'DE-de' }), now)).toBe(snapshot);
  });

  it('paints nothing for another member, tenant, organisation group or role', () => {
    expect(paintableSnapshot(snapshot, session({ guid: 'u2' }), now)).toBeNull();
    expect(paintableSnapshot(snapshot, session({ tenantGuid: 't2' }), now)).toBeNull();
    expect(paintableSnapshot(snapshot, session({ orgGroupGuid: 'g2' }), now)).toBeNull();
    expect(paintableSnapshot(snapshot, session({ role: 'Auditor' }), now)).toBeNull();
    // A copy kept under the member and tenant only (before copies were keyed by the whole scope).
    expect(paintableSnapshot({ ...snapshot, scopeKey: 'u1:t1' }, session(), now)).toBeNull();
  });

  it('paints nothing without a live session', () => {
    expect(paintableSnapshot(snapshot, session({ accessExp: seconds - 60, refreshExp: seconds - 1 }), now)).toBeNull();
    expect(paintableSnapshot(snapshot, { ...session(), auth: null }, now)).toBeNull();
    expect(paintableSnapshot(snapshot, { ...session(), claims: null }, now)).toBeNull();
  });

  it('paints nothing in another language than the session’s', () => {
    expect(paintableSnapshot(snapshot, session({ language: 'en-us' }), now)).toBeNull();
    expect(paintableSnapshot(snapshot, session({ language: null }), now)).toBeNull();
  });

  it('paints nothing of an entry off the snapshot’s shape', () => {
    for (const broken of [null, 'x', { ...snapshot, dir: 'sideways' }, { ...snapshot, vars: { a: 1 } }, { ...snapshot, styles: 'x' }, { ...snapshot, bar: '<header>' }, { ...snapshot, media: null }, { ...snapshot, scopeKey: 1 }])
      expect(paintableSnapshot(broken, session(), now)).toBeNull();
  });
});
