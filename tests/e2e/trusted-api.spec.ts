import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect } from './fixtures.ts';
import { SignInPage } from './support/pages.ts';
import { PlatformControl, quietenStartup } from './support/platform.ts';
import { startShellServerWithConfig } from './support/server.ts';
import { memberCredential, presentedToken, tokenScheme, tokenClaims } from './support/credentials.ts';

/** SPEC §7 "an HTTP interceptor can add a bearer Authorization header to allowed URLs" (authClient.trustedApiOrigins). */

interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

/** Another API on another port: answers CORS for the shell and records what it was sent. */
async function otherApi(): Promise<{ origin: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Headers', 'Authorization, DPoP, Content-Type');
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST');
      res.writeHead(204).end();
      return;
    }
    res.setHeader('Content-Type', 'application/json');
    res.writeHead(200).end('{"risks":[]}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}


test('a remote’s call to a trusted API origin carries the access token (and its proof); a call elsewhere never does', async ({ page, request }) => {
  const [trusted, elsewhere] = await Promise.all([otherApi(), otherApi()]);
  const server = await startShellServerWithConfig({ authClient: { trustedApiOrigins: [trusted.origin] }, webToLeadUrl: `${elsewhere.origin}/lead` });
  try {
    const control = new PlatformControl(request, server);
    await quietenStartup(control);
    const trustedUrl = `${trusted.origin}/api/v1/risks?open=1`;
    const elsewhereUrl = `${elsewhere.origin}/api/v1/risks`;
    await page.goto(`${server.baseURL}/auth`);
    await new SignInPage(page).submit('ptl@acme.test');
    await expect(page).toHaveURL(/\/mfe-host$/);
    await page.goto(`${server.baseURL}/mfe-host?fetch=${encodeURIComponent(trustedUrl)}&fetch=${encodeURIComponent(elsewhereUrl)}`);

    await page.getByRole('button', { name: `Call ${trustedUrl}` }).click();
    await expect(page.getByRole('status', { name: `Answer of ${trustedUrl}` })).toHaveText('200');
    const calls = trusted.received.filter((r) => r.method === 'GET');
    expect(calls).toHaveLength(1);
    const [call] = calls as [Received];
    // No tenant prefix (the member's token has a ptl), the access token the platform gets, no cookie.
    expect(call.path).toBe('/api/v1/risks?open=1');
    expect(call.headers.authorization).toMatch(memberCredential());
    const platformCall = (await control.log({ path: '/api/access/v1/users/current/legacy' })).at(-1);
    expect(presentedToken(call.headers.authorization)).toBe(presentedToken(platformCall?.headers.authorization));
    expect(call.headers.cookie).toBeUndefined();
    if (tokenScheme() === 'DPoP') expect(tokenClaims(String(call.headers.dpop))).toMatchObject({ htm: 'GET', htu: `${trusted.origin}/api/v1/risks` });
    else expect(call.headers.dpop).toBeUndefined();

    // Another origin (even one the policy lets the page reach): host.fetch refuses it, nothing is sent.
    await page.getByRole('button', { name: `Call ${elsewhereUrl}` }).click();
    await expect(page.getByRole('status', { name: `Answer of ${elsewhereUrl}` })).toHaveText('TypeError');
    expect(elsewhere.received).toEqual([]);
    // The remote's own fetch to the trusted origin is its own: no token.
    await page.evaluate((url) => fetch(url).then((r) => r.status), trustedUrl);
    expect(trusted.received.filter((r) => r.method === 'GET').at(-1)?.headers.authorization).toBeUndefined();
  } finally {
    await Promise.all([server.close(), trusted.close(), elsewhere.close()]);
  }
});
