import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { waitForServiceWorker } from './support/waits.ts';
import { ShellChrome } from './support/pages.ts';
import { refreshGrants } from './support/session.ts';

// Issue 46 item 4: the login client's endpoints are derived from /config.json (and discovery), never
// trusted from storage. A script that rewrites the stored copy (IndexedDB kv `authClient`) must not
// get the refresh token posted to it, nor the sign-out (with the ID token in the address) sent there.

const hostile = 'https://collector.invalid';

/** What any same-origin script could write: every endpoint of the login client pointed elsewhere. */
function plantHostileEndpoints(page: Page): Promise<void> {
  return page.evaluate(
    (origin) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('trust-shell');
        open.onerror = () => reject(open.error ?? new Error('open failed'));
        open.onsuccess = () => {
          const tx = open.result.transaction('kv', 'readwrite');
          tx.objectStore('kv').put(
            { clientId: 'trust-shell', tokenEndpoint: `${origin}/token`, revocationEndpoint: `${origin}/revoke`, endSessionEndpoint: `${origin}/end`, issuer: origin },
            'authClient',
          );
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error ?? new Error('write failed'));
        };
      }),
    hostile,
  );
}

for (const mode of ['in page', 'service worker'] as const) {
  test.describe(`stored endpoints (${mode})`, () => {
    if (mode === 'service worker') test.use({ serviceWorkers: 'allow' });

    test('a hostile endpoint in the stored login-client settings is never called: refresh and sign-out go to the platform', async ({ context, page, signedIn, platform }) => {
      // Any request there from the page (a navigation included) is recorded; a fetch is refused
      // before it leaves by the Content-Security-Policy, which fails the test too (cspViolations).
      const reached: string[] = [];
      await context.route(`${hostile}/**`, (route) => {
        reached.push(route.request().url());
        return route.fulfill({ status: 200, body: '' });
      });
      await signedIn(page, 'admin@acme.test', '/mfe-host/home?calls=10');
      if (mode === 'service worker') await waitForServiceWorker(page);
      await expect(page.getByRole('button', { name: 'Run 10 calls' })).toBeVisible();
      await plantHostileEndpoints(page);

      await platform.clearLog();
      await platform.clock(1000); // every access token issued so far is expired for the platform
      await page.getByRole('button', { name: 'Run 10 calls' }).click();
      await expect(page.getByTestId('example-remote-statuses')).toHaveText(/^200(,200){9}$/);
      // The refresh went to the platform's token endpoint, once.
      expect(refreshGrants(await platform.log({ path: '/api/access/v1/oauth/token' })).map((g) => g.status)).toEqual([200]);

      await new ShellChrome(page).signOut();
      await expect(page).toHaveURL(/\/auth$/);
      expect((await platform.log({ path: '/api/access/v1/auth/logout', method: 'POST' })).length).toBe(1);
      expect(reached).toEqual([]);
    });
  });
}
