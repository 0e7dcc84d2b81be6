import { test, expect } from './fixtures.ts';
import { returnUrl } from './support/session.ts';

test.describe('a signed-out visit to a guarded route', () => {
  test('goes to /auth keeping the return URL: no server logout, no SAML round trip, no logoff heard by other tabs', async ({ page, context, platform }) => {
    // A former SAML member: their last sign-in e-mail stays in this browser.
    await page.goto('/auth');
    await page.evaluate(() => localStorage.setItem('trust-shell.lastLoginEmail', 'legacy-sso@acme.test'));
    // Another tab of the same browser listens on the session channel.
    const other = await context.newPage();
    await other.goto('/auth');
    await other.evaluate(() => {
      const heard: string[] = [];
      (window as unknown as { heard: string[] }).heard = heard;
      new BroadcastChannel('trust-shell.session').onmessage = (event: MessageEvent<{ type: string }>) => heard.push(event.data.type);
    });
    await platform.clearLog();
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });

    await page.goto('/mfe-host/home?tab=2');
    await expect(page).toHaveURL(/\/auth$/);
    expect(await returnUrl(page)).toBe('/mfe-host/home?tab=2');
    expect(visited.filter((p) => p.includes('saml') || p.includes('logout'))).toEqual([]);
    const log = (await platform.log()).map((r) => `${r.method} ${r.path}`);
    expect(log.filter((line) => /logout|saml/.test(line))).toEqual([]);
    // A second visit: still straight to /auth.
    await page.goto('/landing');
    await expect(page).toHaveURL(/\/auth$/);
    expect((await platform.log()).map((r) => `${r.method} ${r.path}`).filter((line) => /logout|saml/.test(line))).toEqual([]);
    // The other tab's channel heard no logoff: the visiting tab sends a probe after its visits, and
    // once the other tab has heard that, anything sent before it has been delivered too.
    await page.evaluate(() => new BroadcastChannel('trust-shell.session').postMessage({ type: 'probe' }));
    await expect.poll(() => other.evaluate(() => (window as unknown as { heard: string[] }).heard)).toContain('probe');
    expect(await other.evaluate(() => (window as unknown as { heard: string[] }).heard)).not.toContain('logoff');
  });
});
