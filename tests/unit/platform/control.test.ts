// The control API: faults, overrides, request log, token shortcut, reset; absent without control.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPlatform } from '../../../emulator/index.ts';
import { ApiError, TokenResponse } from './contract.ts';
import { CONTROL_HEADER, CONTROL_SECRET, api, claims, control, signIn, startPlatform, type Harness } from './harness.ts';
import type { LogEntry } from '../../../emulator/types.ts';
import { waitBound } from '../../../src/core/waitBound.testSupport.ts';

let h: Harness;
beforeAll(async () => {
  h = await startPlatform();
});
afterAll(() => h.close());
beforeEach(() => control(h.base, 'POST', 'reset'));

const VERSION = '/api/content/v1/info/version';

describe('faults', () => {
  it('answers an injected status on matching calls only, every Nth, a limited number of times', async () => {
    await control(h.base, 'POST', 'faults', { method: 'GET', path: VERSION, status: 503, everyNth: 2, times: 2 });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await fetch(`${h.base}${VERSION}`)).status);
    expect(statuses).toEqual([200, 503, 200, 503, 200, 200]);
    await control(h.base, 'POST', 'faults', { path: VERSION, status: 500 });
    const failed = await fetch(`${h.base}${VERSION}`);
    expect(ApiError.parse(await failed.json()).code).toBe('INTERNAL_ERROR');
    expect((await fetch(`${h.base}/api/globalization/v1/languages`)).status).toBe(200);
  });

  it('matches the un-prefixed path of a ptl call, and faults the token endpoint with an OAuth 400', async () => {
    const { access_token: token } = await signIn(h.base, 'ptl@acme.test');
    await control(h.base, 'POST', 'faults', { path: '/api/access/v1/users/current/legacy', status: 502 });
    expect((await api(h.base, '/api/access/v1/users/current/legacy', { token })).status).toBe(502);
    await control(h.base, 'POST', 'faults', { path: '/api/access/v1/oauth/token', status: 400, times: 1 });
    const res = await fetch(`${h.base}/api/access/v1/oauth/token`, { method: 'POST' });
    expect(((await res.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('drops the connection without an answer', async () => {
    const { id } = await control<{ id: string }>(h.base, 'POST', 'faults', { path: VERSION, drop: true });
    await expect(fetch(`${h.base}${VERSION}`)).rejects.toThrow();
    await control(h.base, 'DELETE', `faults/${id}`);
    expect((await fetch(`${h.base}${VERSION}`)).status).toBe(200);
    const log = await control<LogEntry[]>(h.base, 'GET', `log?path=${VERSION}`);
    expect(log.map((e) => e.dropped)).toEqual([true, false]);
  });

  it('holds calls unanswered until the hold is removed, then answers them as usual', async () => {
    const { id } = await control<{ id: string }>(h.base, 'POST', 'faults', { path: VERSION, hold: true });
    let answered = false;
    const held = fetch(`${h.base}${VERSION}`).then((r) => {
      answered = true;
      return r.status;
    });
    // Another path is not held; the held call is logged (received) but not answered.
    expect((await fetch(`${h.base}/api/globalization/v1/languages`)).status).toBe(200);
    await vi.waitFor(async () => expect(await control<LogEntry[]>(h.base, 'GET', `log?path=${VERSION}`)).toHaveLength(1), waitBound);
    expect(answered).toBe(false);
    await control(h.base, 'DELETE', `faults/${id}`);
    expect(await held).toBe(200);
  });

  it('applies a write, loses the answer, and replays the first answer for the same Idempotency-Key', async () => {
    const { access_token: token } = await signIn(h.base, 'admin@acme.test');
    await control(h.base, 'POST', 'faults', { method: 'POST', path: '/api/salesops/v1/cases', dropAfterApply: true, times: 1 });
    const write = { token, json: { caseType: 'TRIAL_REQUEST', caseParams: {} }, headers: { 'idempotency-key': 'outbox-7' } };
    await expect(api(h.base, '/api/salesops/v1/cases', write)).rejects.toThrow();
    expect(await control<unknown[]>(h.base, 'GET', 'cases')).toHaveLength(1);
    const replay = await api(h.base, '/api/salesops/v1/cases', write);
    expect(replay.status).toBe(204);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await control<unknown[]>(h.base, 'GET', 'cases')).toHaveLength(1);
  });

  it('delays calls, and draws probabilities from a seeded generator (same run, same failures)', async () => {
    await control(h.base, 'POST', 'faults', { path: VERSION, latencyMs: 120, times: 1 });
    const started = Date.now();
    expect((await fetch(`${h.base}${VERSION}`)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    const run = async (): Promise<number[]> => {
      await control(h.base, 'POST', 'reset');
      await control(h.base, 'POST', 'faults', { path: VERSION, status: 503, probability: 0.5 });
      const out: number[] = [];
      for (let i = 0; i < 12; i++) out.push((await fetch(`${h.base}${VERSION}`)).status);
      return out;
    };
    const a = await run();
    expect(a).toContain(503);
    expect(a).toContain(200);
    expect(await run()).toEqual(a);
  });

  it('never applies to the control API', async () => {
    await control(h.base, 'POST', 'faults', { path: '/', drop: true });
    expect(await control<unknown[]>(h.base, 'GET', 'faults')).toHaveLength(1);
    await control(h.base, 'DELETE', 'faults');
    expect((await fetch(`${h.base}${VERSION}`)).status).toBe(200);
  });
});

describe('overrides', () => {
  it('serves a canned (even broken) answer for an exact path, a limited number of times', async () => {
    await control(h.base, 'POST', 'override', { method: 'GET', path: '/api/globalization/v1/languages', status: 200, body: '{"broken', times: 1 });
    expect(await (await fetch(`${h.base}/api/globalization/v1/languages`)).text()).toBe('{"broken');
    expect((await (await fetch(`${h.base}/api/globalization/v1/languages`)).json()) as unknown[]).toHaveLength(3);
    await control(h.base, 'POST', 'override', { method: 'GET', path: VERSION, status: 200, body: '<script>alert(1)</script>|x', contentType: 'text/plain' });
    expect(await (await fetch(`${h.base}${VERSION}`)).text()).toBe('<script>alert(1)</script>|x');
    await control(h.base, 'DELETE', 'override');
    expect(await (await fetch(`${h.base}${VERSION}`)).text()).toMatch(/^5\.3\.0\|/);
  });

  it('refuses active content (HTML, XML, SVG, no media type at all) on platform paths: 400 naming contentType, nothing served', async () => {
    for (const contentType of ['text/html', 'Text/HTML; charset=utf-8', ' text/html', 'application/xhtml+xml', 'image/svg+xml', 'text/xml', 'application/xml', 'application/rss+xml', 'text/xsl', 'multipart/x-mixed-replace; boundary=x', 'html', '']) {
      const res = await fetch(`${h.base}/__control/override`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CONTROL_HEADER]: CONTROL_SECRET },
        body: JSON.stringify({ method: 'GET', path: VERSION, status: 200, body: '<script>alert(1)</script>', contentType }),
      });
      expect(res.status, contentType).toBe(400);
      expect(((await res.json()) as { field: string }).field, contentType).toBe('contentType');
    }
    expect(await control<unknown[]>(h.base, 'GET', 'override')).toEqual([]);
    const served = await fetch(`${h.base}${VERSION}`);
    expect(served.headers.get('content-type')).not.toMatch(/html/);
    expect(await served.text()).toMatch(/^5\.3\.0\|/);
    // Script for the analytics agent's path and plain text stay possible, and are never sniffed.
    await control(h.base, 'POST', 'override', { method: 'GET', path: VERSION, status: 200, body: 'x', contentType: 'text/javascript' });
    expect((await fetch(`${h.base}${VERSION}`)).headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('the control secret', () => {
  const calls: Array<[string, string, unknown?]> = [
    ['POST', 'reset'],
    ['POST', 'faults', { path: VERSION, status: 503 }],
    ['DELETE', 'faults'],
    ['POST', 'override', { method: 'GET', path: VERSION, status: 200, body: 'x', contentType: 'text/plain' }],
    ['POST', 'clock', { offsetSeconds: 3600 }],
    ['DELETE', 'log'],
    ['GET', 'log'],
    ['POST', 'token', { email: 'admin@acme.test' }],
    ['GET', 'personas'],
    ['POST', 'module-terms', { tenantGuid: '00000000-0000-4000-8000-000000000099', module: 'vendor', language: 'en-us', terms: {} }],
  ];

  it('without the X-Emulator-Control secret, or with another, every control call is 403 and changes nothing', async () => {
    const { access_token: token } = await signIn(h.base, 'admin@acme.test');
    await control(h.base, 'POST', 'faults', { path: '/api/globalization/', latencyMs: 1 });
    const before = await control<unknown[]>(h.base, 'GET', 'log');
    const attempts: Array<Record<string, string>> = [{}, { [CONTROL_HEADER]: '' }, { [CONTROL_HEADER]: `${CONTROL_SECRET}x` }, { [CONTROL_HEADER]: CONTROL_SECRET.toUpperCase() }];
    for (const headers of attempts) {
      for (const [method, path, body] of calls) {
        // The forms a web page can send without a preflight: no body, or a text/plain one.
        const res = await fetch(`${h.base}/__control/${path}`, { method, headers: { ...headers, 'content-type': 'text/plain' }, body: body === undefined ? undefined : JSON.stringify(body) });
        expect(res.status, `${method} ${path}`).toBe(403);
        const text = await res.text();
        expect(text).not.toContain('access_token');
        expect(text).not.toContain('Bearer');
      }
    }
    expect(await control<unknown[]>(h.base, 'GET', 'faults')).toHaveLength(1);
    expect(await control<unknown[]>(h.base, 'GET', 'override')).toEqual([]);
    expect(await control<{ offsetSeconds: number }>(h.base, 'GET', 'clock')).toMatchObject({ offsetSeconds: 0 });
    expect(await control<unknown[]>(h.base, 'GET', 'log')).toEqual(before);
    // No reset happened: the session still stands.
    expect((await api(h.base, '/api/access/v1/users/current/legacy', { token })).status).toBe(200);
  });

  it('refuses the CORS preflight a cross-site page needs to send the header', async () => {
    const res = await fetch(`${h.base}/__control/reset`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.test', 'access-control-request-method': 'POST', 'access-control-request-headers': CONTROL_HEADER },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-headers')).toBeNull();
  });

  it('comes from EMULATOR_CONTROL_SECRET, or is made afresh at each start', async () => {
    vi.stubEnv('EMULATOR_CONTROL_SECRET', 'from-the-environment-0123456789abcdef');
    try {
      const fromEnv = await createPlatform({ control: true });
      expect(fromEnv.controlSecret).toBe('from-the-environment-0123456789abcdef');
    } finally {
      vi.unstubAllEnvs();
    }
    vi.stubEnv('EMULATOR_CONTROL_SECRET', '');
    try {
      const first = await createPlatform({ control: true });
      const second = await createPlatform({ control: true });
      expect(first.controlSecret).toMatch(/^[0-9a-f]{32,}$/);
      expect(second.controlSecret).toMatch(/^[0-9a-f]{32,}$/);
      expect(first.controlSecret).not.toBe(second.controlSecret);
      expect((await createPlatform({ control: false })).controlSecret).toBeNull();
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('request log', () => {
  it('records path as received, query, lower-case headers, parsed body and status; filters by path and method', async () => {
    const { access_token: token } = await signIn(h.base, 'ptl@acme.test');
    await api(h.base, '/api/alert/v1/alerts/banner/immediate?languageCode=de-de', { token, headers: { 'Accept-Language': 'de-de' } });
    const [entry] = await control<LogEntry[]>(h.base, 'GET', 'log?path=/api/alert/&method=GET');
    expect(entry).toMatchObject({ method: 'GET', path: '/eu-tenant-7/api/alert/v1/alerts/banner/immediate', ptl: 'eu-tenant-7', query: { languageCode: 'de-de' }, status: 200 });
    expect(entry?.headers['accept-language']).toBe('de-de');
    expect(entry?.headers.authorization).toBe(`Bearer ${token}`);
    const [tokenCall] = await control<LogEntry[]>(h.base, 'GET', 'log?path=/api/access/v1/oauth/token');
    expect(tokenCall?.body).toMatchObject({ grant_type: 'password', username: 'ptl@acme.test' });
    await control(h.base, 'DELETE', 'log');
    expect(await control<unknown[]>(h.base, 'GET', 'log')).toEqual([]);
  });

  it('records the multipart web-to-lead post', async () => {
    const fd = new FormData();
    for (const [k, v] of Object.entries({ oid: '00D', first_name: 'Ada', last_name: 'L', email: 'ada@acme.test', lead_source: 'In Product', submit: 'Submit', Tenant_GUID: '5d0a8c1e-7b1f-4c1e-9a53-3f1d2b6f0a11' })) fd.append(k, v);
    expect((await fetch(`${h.base}/crm/servlet/servlet.WebToLead`, { method: 'POST', body: fd })).status).toBe(200);
    const [entry] = await control<LogEntry[]>(h.base, 'GET', 'log?path=/crm/');
    expect(entry?.body).toMatchObject({ first_name: 'Ada', lead_source: 'In Product' });
  });
});

describe('cache headers on cacheable answers', () => {
  it('off at the start; when set, only the contract\'s cacheable 200 answers carry private, max-age; a reset turns it off', async () => {
    const { access_token: token } = await signIn(h.base, 'admin@acme.test');
    const cacheControl = async (path: string) => (await api(h.base, path, { token })).headers.get('cache-control');
    expect(await cacheControl('/api/atlas/v1/theme')).toBeNull();
    await control(h.base, 'POST', 'caching', { cacheableMaxAgeSeconds: 3600 });
    expect(await cacheControl('/api/atlas/v1/theme')).toBe('private, max-age=3600');
    expect(await cacheControl('/api/branding/v1/branding?isWorkspaceNavigation=true')).toBe('private, max-age=3600');
    expect(await cacheControl('/api/global-state/v1/init')).toBeNull();
    expect((await fetch(`${h.base}/api/atlas/v1/theme`)).headers.get('cache-control')).toBeNull(); // 401
    await control(h.base, 'POST', 'reset');
    const { access_token: again } = await signIn(h.base, 'admin@acme.test');
    const theme = await api(h.base, '/api/atlas/v1/theme', { token: again });
    expect(theme.status).toBe(200);
    expect(theme.headers.get('cache-control')).toBeNull();
  });
});

describe('token shortcut, lifetimes and reset', () => {
  it('issues a persona token without the UI, and reset ends every session', async () => {
    const tokens = TokenResponse.parse(await control(h.base, 'POST', 'token', { email: 'sso@acme.test' }));
    expect(claims(tokens.access_token).email).toBe('sso@acme.test');
    expect((await api(h.base, '/api/access/v1/users/current/legacy', { token: tokens.access_token })).status).toBe(200);
    await control(h.base, 'POST', 'reset');
    expect((await api(h.base, '/api/access/v1/users/current/legacy', { token: tokens.access_token })).status).toBe(401);
  });

  it('lists the personas', async () => {
    const personas = await control<Array<{ email: string; password: string }>>(h.base, 'GET', 'personas');
    expect(personas.map((p) => p.email)).toEqual(expect.arrayContaining(['admin@acme.test', 'bigorg@acme.test', 'free@acme.test']));
    expect(h.platform.personas.length).toBe(personas.length);
  });

  it('refuses bad control input with 400', async () => {
    const res = await fetch(`${h.base}/__control/faults`, { method: 'POST', headers: { 'content-type': 'application/json', [CONTROL_HEADER]: CONTROL_SECRET }, body: JSON.stringify({ path: 'no-slash' }) });
    expect(res.status).toBe(400);
  });
});

describe('without control', () => {
  it('does not handle /__control at all, but still serves the platform', async () => {
    const plain = await startPlatform({ control: false });
    try {
      const res = await fetch(`${plain.base}/__control/personas`);
      expect(res.status).toBe(404);
      expect(res.headers.get('x-fell-through')).toBe('next');
      expect((await fetch(`${plain.base}${VERSION}`)).status).toBe(200);
      expect((await fetch(`${plain.base}/index.html`)).headers.get('x-fell-through')).toBe('next');
    } finally {
      await plain.close();
    }
  });
});

describe('a tenant’s module terms (tenant-custom translations)', () => {
  const vendor = (lang: string) => `/api/globalization/v2/translations/tenant-custom/${lang}/vendor`;
  const customTerms = async (email: string, lang: string) => {
    const { access_token: token } = await signIn(h.base, email);
    const res = await api(h.base, vendor(lang), { token });
    expect(res.status).toBe(200);
    return ((await res.json()) as { customTerms: Record<string, string> }).customTerms;
  };

  it('are the signed-in tenant’s own, set per module and language until a reset', async () => {
    const personas = await control<Array<{ email: string; tenantGuid: string }>>(h.base, 'GET', 'personas');
    const acme = personas.find((p) => p.email === 'admin@acme.test')!.tenantGuid;
    expect(await customTerms('admin@acme.test', 'en-us')).toMatchObject({ VendorsUnderReview: 'Suppliers under review' });
    expect(await customTerms('trial@acme.test', 'en-us')).toEqual({}); // another tenant: none of Acme's

    await control(h.base, 'POST', 'module-terms', { tenantGuid: acme, module: 'vendor', language: 'de-de', terms: { VendorsUnderReview: 'Partner in Prüfung' } });
    expect(await customTerms('admin@acme.test', 'de-de')).toEqual({ VendorsUnderReview: 'Partner in Prüfung' });
    expect(await customTerms('admin@acme.test', 'en-us')).toMatchObject({ VendorsUnderReview: 'Suppliers under review' });
    await control(h.base, 'POST', 'reset');
    expect(await customTerms('admin@acme.test', 'de-de')).toMatchObject({ VendorsUnderReview: 'Zulieferer in Prüfung' });
  });

  it.each([
    [{ tenantGuid: '00000000-0000-4000-8000-000000000099', module: 'vendor', language: 'en-us', terms: {} }, 404],
    [{ tenantGuid: '00000000-0000-4000-8000-000000000099', module: '../x', language: 'en-us', terms: {} }, 400],
    [{ tenantGuid: '00000000-0000-4000-8000-000000000099', module: 'vendor', language: 'en-us', terms: { a: 1 } }, 400],
  ])('refuses %j with %i', async (body, status) => {
    const res = await fetch(`${h.base}/__control/module-terms`, { method: 'POST', headers: { 'content-type': 'application/json', [CONTROL_HEADER]: CONTROL_SECRET }, body: JSON.stringify(body) });
    expect(res.status).toBe(status);
  });
});
