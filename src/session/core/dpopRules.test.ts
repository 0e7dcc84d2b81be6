import { describe, expect, it } from 'vitest';
import { plainNonceOf, proofTarget, resourceChallenge, tokenEndpointChallenge } from './dpopRules';
import { authorization, tokenKindOf } from './tokenKind';

describe('DPoP rules', () => {
  it.each([
    ['Bearer', 'Bearer'],
    ['bearer', 'Bearer'],
    ['DPoP', 'DPoP'],
    ['dpop', 'DPoP'],
    ['MAC', null],
    ['', null],
    [undefined, null],
    [42, null],
  ])('the token type %j is presented as %j', (type, kind) => {
    expect(tokenKindOf(type)).toBe(kind);
  });

  it('presents the token by its kind', () => {
    expect(authorization('DPoP', 'a.b.c')).toBe('DPoP a.b.c');
    expect(authorization('Bearer', 'a.b.c')).toBe('Bearer a.b.c');
  });

  it.each([
    ['https://shell.test/eu-tenant-7/api/access/v1/permissions?x=1#f', 'https://shell.test/eu-tenant-7/api/access/v1/permissions'],
    ['http://localhost:4173/api/global-state/v1/init?lang=de', 'http://localhost:4173/api/global-state/v1/init'],
    ['https://shell.test:8443/api/x', 'https://shell.test:8443/api/x'],
  ])('htu of %s is the URL sent without query or fragment', (url, htu) => {
    expect(proofTarget(url)).toBe(htu);
  });

  it.each([
    ['eyJ7S_9D0ZxQ', 'eyJ7S_9D0ZxQ'],
    ['n-1.2~3+/=', 'n-1.2~3+/='],
    ['two words', null],
    ['"quoted"', null],
    ['back\\slash', null],
    ['', null],
    [null, null],
    ['x'.repeat(513), null],
  ])('the nonce %j is kept as %j', (value, kept) => {
    expect(plainNonceOf(value)).toBe(kept);
  });

  it.each([
    [401, 'DPoP error="use_dpop_nonce", error_description="Resource server requires nonce in DPoP proof"', 'use_dpop_nonce'],
    [401, 'DPoP error="invalid_dpop_proof"', 'invalid_dpop_proof'],
    [401, 'Bearer realm="platform", DPoP algs="ES256", error="use_dpop_nonce"', 'use_dpop_nonce'],
    [401, 'Bearer realm="platform", error="invalid_token"', null],
    [401, 'DPoP error="invalid_token"', null],
    [403, 'DPoP error="use_dpop_nonce"', null],
    [401, null, null],
  ])('a %i with WWW-Authenticate %j asks for %j', (status, header, challenge) => {
    expect(resourceChallenge(status, header)).toBe(challenge);
  });

  it.each([
    [400, { error: 'use_dpop_nonce' }, 'use_dpop_nonce'],
    [400, { error: 'invalid_dpop_proof' }, 'invalid_dpop_proof'],
    [400, { error: 'invalid_grant' }, null],
    [401, { error: 'use_dpop_nonce' }, null],
    [400, 'use_dpop_nonce', null],
    [400, null, null],
  ])('a token endpoint %i %j asks for %j', (status, body, challenge) => {
    expect(tokenEndpointChallenge(status, body)).toBe(challenge);
  });
});
