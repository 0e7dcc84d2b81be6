import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from './fixtures.ts';
import { en } from './support/catalogues.ts';
import { arriveSignedIn } from './support/signIn.ts';
import { SignInPage } from './support/pages.ts';
import { startShellServer, startShellServerWithConfig } from './support/server.ts';
import { PlatformControl, quietenStartup } from './support/platform.ts';

test.describe('runtime configuration (/config.json)', () => {
  test('the served document is the defaults merged with SHELL_CONFIG', async ({ request, baseURL }) => {
    const response = await request.get(`${baseURL}/config.json`);
    expect(response.ok()).toBe(true);
    expect(await response.json()).toMatchObject({ authClient: { clientId: 'trust-shell', scope: 'read' } });
  });

  test('a config file not JSON, off the schema, with an unknown field or unsafe origin is a clear start-up error, not blank', async ({ page }) => {
    let errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    for (const [name, content, expected] of [
      ['not JSON', '{ "authClient": ', 'not valid JSON'],
      ['a schema violation', JSON.stringify({ authClient: { requireHttps: 'sometimes' } }), 'authClient.requireHttps'],
      ['an unknown field', JSON.stringify({ colour: 'red' }), 'colour'],
      ['an unknown text direction', JSON.stringify({ textDirection: 'sideways' }), 'textDirection: expected one of auto, ltr, rtl'],
      // One rule for every origin the file names: https, the shell's own origin or a loopback host.
      ['an http web-to-lead origin on another host', JSON.stringify({ webToLeadUrl: 'http://crm.example.test/lead' }), 'webToLeadUrl'],
      ['requireHttps and an http loopback issuer', JSON.stringify({ authClient: { oidc: true, issuer: 'http://127.0.0.1:9/oidc', requireHttps: true } }), 'authClient.issuer'],
    ] as const) {
      await test.step(name, async () => {
        const dir = mkdtempSync(join(tmpdir(), 'shell-config-'));
        const file = join(dir, 'config.json');
        writeFileSync(file, content);
        const server = await startShellServer(0, { SHELL_CONFIG: file });
        errors = [];
        try {
          await page.goto(`${server.baseURL}/auth`);
          await expect(page.getByRole('heading', { name: en.StartupError })).toBeVisible();
          await expect(page.getByRole('alert')).toContainText(expected);
          expect(errors.join('\n')).toContain('Bootstrap failed');
        } finally {
          await server.close();
        }
      });
    }
  });

  test('SHELL_CONFIG values reach the app (client id used by the password grant)', async ({ page }) => {
    const server = await startShellServerWithConfig({ authClient: { scope: 'read write' } });
    try {
      await page.goto(`${server.baseURL}/auth`);
      const signInPage = new SignInPage(page);
      await signInPage.submit('admin@acme.test', 'wrong');
      await expect(signInPage.error).toBeVisible();
      // The second server has its own emulator; read its log through a control client.
      const control = new PlatformControl(page.request, server);
      const [grant] = await control.log({ path: '/api/access/v1/oauth/token' });
      expect(grant?.body).toMatchObject({ grant_type: 'password', client_id: 'trust-shell', scope: 'read write' });
    } finally {
      await server.close();
    }
  });

  test('textDirection rtl: an English member\'s pages are right to left, signed out and signed in', async ({ page }) => {
    const server = await startShellServerWithConfig({ textDirection: 'rtl' });
    try {
      const control = new PlatformControl(page.request, server);
      await quietenStartup(control);
      const html = page.locator('html');
      await page.goto(`${server.baseURL}/auth`);
      await expect(new SignInPage(page).heading).toBeVisible();
      await expect(html).toHaveAttribute('lang', 'en-us');
      await expect(html).toHaveAttribute('dir', 'rtl');
      await arriveSignedIn(page, control, 'admin@acme.test', '/mfe-host', server.baseURL);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(html).toHaveAttribute('lang', 'en-us');
      await expect(html).toHaveAttribute('dir', 'rtl');
    } finally {
      await server.close();
    }
  });
});
