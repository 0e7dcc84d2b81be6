import { describe, expect, it } from 'vitest';
import { isExpired, maxTokenLength, memberScopeKey, parseAccessClaims, parseRefreshClaims, userTenantKey } from './claims';

const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const token = (payload: unknown) => `${b64({ alg: 'RS256' })}.${b64(payload)}.c2ln`;
const good = {
  guid: '5d0a8c1e-7b1f-4c1e-9a53-3f1d2b6f0a11',
  email: 'a@b.test',
  authorities: ['Site Admin'],
  role: 'Site Admin',
  tenantGuid: '2f0c6d3e-8a57-4b0e-9d7c-1c2b3a4d5e6f',
  orgGroupGuid: '3f0c6d3e-8a57-4b0e-9d7c-1c2b3a4d5e6f',
  root: '4f0c6d3e-8a57-4b0e-9d7c-1c2b3a4d5e6f',
  languageId: 1,
  virtualRole: false,
  iat: 1_700_000_000,
  exp: 1_700_000_900,
};

describe('parseAccessClaims', () => {
  it('reads each token as itself, however tokens alternate (the last payloads are kept, never mixed up)', () => {
    const members = ['a', 'b', 'c'].map((guid, i) => token({ ...good, guid, exp: good.exp + i }));
    for (let round = 0; round < 3; round += 1) {
      for (const [i, t] of members.entries()) expect(parseAccessClaims(t)).toMatchObject({ guid: ['a', 'b', 'c'][i], exp: good.exp + i });
      expect(parseAccessClaims(`${members[0]}x.y`)).toBeNull();
      expect(parseRefreshClaims(members[2])).toEqual({ exp: good.exp + 2, iat: good.iat });
    }
  });

  it('reads a well-formed token', () => {
    expect(parseAccessClaims(token(good))).toMatchObject({ guid: good.guid, exp: good.exp, virtualRole: false });
    expect(parseAccessClaims(token({ ...good, ptl: 'eu-tenant-7' }))?.ptl).toBe('eu-tenant-7');
  });

  it.each([
    ['two parts', `${b64({})}.${b64(good)}`],
    ['four parts', `${token(good)}.x`],
    ['bad base64', 'a.%%%.c'],
    ['a JSON array payload', `${b64({})}.${b64([1])}.c`],
    ['no exp', token({ ...good, exp: undefined })],
    ['exp in milliseconds', token({ ...good, exp: 1_700_000_900_000 })],
    ['a huge exp', token({ ...good, exp: 1e300 })],
    ['exp as text', token({ ...good, exp: '1700000900' })],
    ['not a string', 42],
    ['null', null],
    ['an empty string', ''],
    ['a payload that is not JSON', `${b64({})}.${btoa('not json {').replace(/=+$/, '')}.c`],
    ['exp 1e20', token({ ...good, exp: 1e20 })],
    ['a negative exp', token({ ...good, exp: -1 })],
    ['exp as non-numeric text', token({ ...good, exp: 'soon' })],
    ['exp as the text Infinity', token({ ...good, exp: 'Infinity' })],
    ['no guid', token({ ...good, guid: undefined })],
    ['a token longer than any header allows', token({ ...good, padding: 'x'.repeat(maxTokenLength) })],
  ])('gives null claims for %s', (_name, value) => {
    expect(parseAccessClaims(value)).toBeNull();
  });
});

describe('claims the shell cannot trust are read defensively', () => {
  it('ignores a huge or text iat (0) but keeps the token', () => {
    expect(parseAccessClaims(token({ ...good, iat: 1e308 }))?.iat).toBe(0);
    expect(parseAccessClaims(token({ ...good, iat: 'Infinity' }))?.iat).toBe(0);
  });

  it('reads alg none like any other: only the platform checks signatures, and it refuses the token', () => {
    // The token endpoint's answer is checked for three non-empty parts (tokenClient); a stored one is
    // only read here, and every call with it is refused by the platform (401 → refresh).
    expect(parseAccessClaims(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(good)}.`)?.guid).toBe(good.guid);
  });
});

describe('parseRefreshClaims', () => {
  it('needs only exp', () => {
    expect(parseRefreshClaims(token({ exp: 5 }))).toEqual({ exp: 5 });
    expect(parseRefreshClaims('x.y')).toBeNull();
  });
});

describe('isExpired compares seconds against now', () => {
  it.each([
    [1000, 999_000, false],
    [1000, 999_999, false],
    [1000, 1_000_000, true],
    [1000, 1_000_999, true],
  ])('exp %i at now=%i ms → %s', (exp, now, expected) => {
    expect(isExpired({ exp }, now)).toBe(expected);
  });
  it('treats missing claims as expired', () => {
    expect(isExpired(null)).toBe(true);
  });
});

describe('the scope key of kept copies (memberScopeKey)', () => {
  const scope = parseAccessClaims(token(good))!;

  it('differs for another member, tenant, organisation group or role, and for the member and tenant alone', () => {
    const keys = new Set([
      memberScopeKey(scope),
      memberScopeKey({ ...scope, guid: 'other' }),
      memberScopeKey({ ...scope, tenantGuid: 'other' }),
      memberScopeKey({ ...scope, orgGroupGuid: 'other' }),
      memberScopeKey({ ...scope, role: 'Auditor' }),
      userTenantKey(scope),
    ]);
    expect(keys.size).toBe(6);
  });

  it('is the same for every token of one scope (a refresh keeps it; organisation, language and times are not in it)', () => {
    expect(memberScopeKey(parseAccessClaims(token({ ...good, org: 'o2', languageId: 2, iat: 1, exp: 1_700_009_999 }))!)).toBe(memberScopeKey(scope));
  });

  it('cannot be confused by a separator inside a part', () => {
    expect(memberScopeKey({ guid: 'u', tenantGuid: 't', orgGroupGuid: 'g:x', role: 'r' })).not.toBe(memberScopeKey({ guid: 'u', tenantGuid: 't', orgGroupGuid: 'g', role: 'x:r' }));
  });
});
