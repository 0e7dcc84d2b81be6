// Token endpoint: grants, claims, rotation, switches, logout (contract requestToken, logout).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AccessTokenClaims, OAuthError, RefreshTokenClaims, TokenResponse } from './contract.ts';
import { api, claims, control, refresh, signIn, startPlatform, tokenCall, type Harness, type Tokens } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startPlatform();
});
afterAll(() => h.close());
beforeEach(() => control(h.base, 'POST', 'reset'));

async function oauthError(res: Response): Promise<string> {
  expect(res.status).toBe(400);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return OAuthError.parse(await res.json()).error;
}

describe('password grant', () => {
  it('issues tokens whose claims match AccessTokenClaims and RefreshTokenClaims', async () => {
    const res = await tokenCall(h.base, { grant_type: 'password', username: 'admin@acme.test', password: 'trust-shell-demo' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = TokenResponse.parse(await res.json());
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 900, scope: 'read' });
    expect(body.id_token).toBeUndefined();
    const access = AccessTokenClaims.parse(claims(body.access_token));
    expect(access.exp - access.iat).toBe(900);
    expect(access).toMatchObject({ email: 'admin@acme.test', role: 'Site Admin', authorities: ['Site Admin'], virtualRole: false, languageId: 1 });
    expect(access.ptl).toBeUndefined();
    const refreshClaims = RefreshTokenClaims.parse(claims(body.refresh_token));
    expect(refreshClaims.exp - (refreshClaims.iat ?? 0)).toBe(28800);
    expect(refreshClaims.guid).toBe(access.guid);
  });

  it('puts ptl, languageId and the virtual role in the claims of the personas that have them', async () => {
    expect(claims((await signIn(h.base, 'ptl@acme.test')).access_token).ptl).toBe('eu-tenant-7');
    expect(claims((await signIn(h.base, 'arabic@acme.test')).access_token).languageId).toBe(3);
    expect(claims((await signIn(h.base, 'eula@acme.test')).access_token)).toMatchObject({ role: 'AcceptEula', virtualRole: true });
  });

  it('refuses a wrong password, an SSO user, an unknown client and other grant types', async () => {
    expect(await oauthError(await tokenCall(h.base, { grant_type: 'password', username: 'admin@acme.test', password: 'nope' }))).toBe('invalid_grant');
    expect(await oauthError(await tokenCall(h.base, { grant_type: 'password', username: 'sso@acme.test', password: 'trust-shell-demo' }))).toBe('invalid_grant');
    expect(await oauthError(await tokenCall(h.base, { grant_type: 'password', username: 'admin@acme.test', password: 'trust-shell-demo', client_id: 'other' }))).toBe('invalid_client');
    expect(await oauthError(await tokenCall(h.base, { grant_type: 'client_credentials' }))).toBe('unsupported_grant_type');
    expect(await oauthError(await tokenCall(h.base, { grant_type: 'password', username: 'admin@acme.test' }))).toBe('invalid_request');
    expect(await oauthError(await tokenCall(h.base, { grant_type: 'password', username: 'admin@acme.test', password: 'trust-shell-demo', scope: 'read bogus' }))).toBe('invalid_scope');
  });

  it('adds an ID token when the scope contains openid', async () => {
    const tokens = await signIn(h.base, 'admin@acme.test', { scope: 'openid profile' });
    expect(tokens.scope).toBe('openid profile');
    expect(claims(tokens.id_token ?? '')).toMatchObject({ aud: 'trust-shell', iss: `${h.base}/oidc` });
  });
});

describe('refresh_token grant', () => {
  let first: Tokens;
  beforeEach(async () => {
    first = await signIn(h.base, 'admin@acme.test');
  });

  it('rotates: a new refresh token each time, the old one refused once its successor was used (grace: refreshGrace.test)', async () => {
    const res = await refresh(h.base, first.refresh_token);
    const second = TokenResponse.parse(await res.json());
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(claims(second.access_token).tenantGuid).toBe(claims(first.access_token).tenantGuid);
    expect((await refresh(h.base, second.refresh_token)).status).toBe(200);
    expect(await oauthError(await refresh(h.base, first.refresh_token))).toBe('invalid_grant');
  });

  it('refuses a forged, an access token, and an expired refresh token', async () => {
    const [head, payload] = first.refresh_token.split('.');
    expect(await oauthError(await refresh(h.base, `${head}.${payload}.AAAA`))).toBe('invalid_grant');
    expect(await oauthError(await refresh(h.base, first.access_token))).toBe('invalid_grant');
    await control(h.base, 'POST', 'clock', { offsetSeconds: 28801 });
    expect(await oauthError(await refresh(h.base, first.refresh_token))).toBe('invalid_grant');
  });

  it('switches tenant: new tenantGuid, its ptl and its first organisation group', async () => {
    const tenants = (await (await api(h.base, '/api/access/v1/users/current/tenants', { token: first.access_token })).json()) as Array<{ Id: string; Name: string; OrgGroups: Array<{ Id: string }> }>;
    const europe = tenants.find((t) => t.Name === 'Acme Europe');
    expect(europe).toBeDefined();
    const res = await refresh(h.base, first.refresh_token, { tenant_id: europe?.Id ?? '' });
    const switched = claims(TokenResponse.parse(await res.json()).access_token);
    expect(switched).toMatchObject({ tenantGuid: europe?.Id, ptl: 'eu-acme', orgGroupGuid: europe?.OrgGroups[0]?.Id });
  });

  it('switches organisation group, organisation and role, and refuses ones the user cannot use', async () => {
    const tenant = (await (await api(h.base, '/api/access/v1/tenants/current', { token: first.access_token })).json()) as { OrgGroups: Array<{ Id: string }> };
    const labs = tenant.OrgGroups[1]?.Id ?? '';
    const r1 = TokenResponse.parse(await (await refresh(h.base, first.refresh_token, { orggroup_id: labs })).json());
    expect(claims(r1.access_token).orgGroupGuid).toBe(labs);
    const tree = (await (await api(h.base, '/api/access/v1/organizations/root-tree', { token: r1.access_token })).json()) as Array<{ Id: string; Children: Array<{ Id: string }> }>;
    const org = tree[0]?.Children[0]?.Id ?? '';
    const r2 = TokenResponse.parse(await (await refresh(h.base, r1.refresh_token, { organization_id: org })).json());
    expect(claims(r2.refresh_token).org).toBe(org);
    expect(await oauthError(await refresh(h.base, r2.refresh_token, { organization_id: '00000000-0000-4000-8000-000000000000' }))).toBe('invalid_grant');
    expect(await oauthError(await refresh(h.base, r2.refresh_token, { switchRole: 'true' }))).toBe('invalid_request');
    expect(await oauthError(await refresh(h.base, r2.refresh_token, { role_id: 'nope', switchRole: 'true' }))).toBe('invalid_grant');
    const personas = await control<Array<{ email: string; roles: Array<{ id: string; name: string }> }>>(h.base, 'GET', 'personas');
    const auditor = personas.find((p) => p.email === 'admin@acme.test')?.roles.find((r) => r.name === 'Auditor');
    const r3 = TokenResponse.parse(await (await refresh(h.base, r2.refresh_token, { role_id: auditor?.id ?? '', switchRole: 'true' })).json());
    expect(claims(r3.access_token)).toMatchObject({ role: 'Auditor', authorities: ['Auditor'] });
    const perms = (await (await api(h.base, '/api/access/v1/permissions', { token: r3.access_token })).json()) as Record<string, boolean>;
    expect(perms).toMatchObject({ TENANTS_LIST: false, Login: true });
    // A tenant the user cannot use; the failed switches above did not consume the tokens they presented.
    expect(await oauthError(await refresh(h.base, r3.refresh_token, { tenant_id: '11111111-1111-4111-8111-111111111111' }))).toBe('invalid_grant');
    expect((await refresh(h.base, r3.refresh_token)).status).toBe(200);
  });

  it('switches by URL context, which needs a contextVersion', async () => {
    expect(await oauthError(await refresh(h.base, first.refresh_token, { context: 'acme-sandbox' }))).toBe('invalid_request');
    const res = await refresh(h.base, first.refresh_token, { context: 'acme-sandbox', contextVersion: '2' });
    const body = TokenResponse.parse(await res.json());
    const tenant = (await (await api(h.base, '/api/access/v1/tenants/current', { token: body.access_token })).json()) as { buyingType: string };
    expect(tenant.buyingType).toBe('SANDBOX');
  });
});

describe('server logout', () => {
  it('revokes the refresh token (invalid_grant) and the access token (401)', async () => {
    const tokens = await signIn(h.base, 'basic@acme.test');
    const res = await api(h.base, '/api/access/v1/auth/logout', { token: tokens.access_token, method: 'POST' });
    expect(res.status).toBe(204);
    expect(await oauthError(await refresh(h.base, tokens.refresh_token))).toBe('invalid_grant');
    const after = await api(h.base, '/api/access/v1/users/current/legacy', { token: tokens.access_token });
    expect(after.status).toBe(401);
  });
});
