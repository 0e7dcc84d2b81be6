import { test, expect, en, quietenStartup } from './fixtures.ts';
import { Dialog, ShellChrome } from './support/pages.ts';
import { tenantIdByName } from './support/session.ts';

const contextCalls = '/api/access/v1/tenants/context';

test.describe('tenant-context links wherever they land (SPEC §2 context / contextVersion)', () => {
  // One start for the three links. Each step begins signed in to Acme Corp: before the next one the
  // member signs out (nothing of theirs stays in the browser) and the platform is back at its start.
  test('?context=…&contextVersion=2 on / and /landing switches like /mfe-host with a clean address bar; contextVersion=1 on /landing asks first', async ({
    page,
    signedIn,
    platform,
    request,
  }) => {
    const europe = await tenantIdByName(request, platform, 'Acme Europe');
    const chrome = new ShellChrome(page);
    const startAfresh = async () => {
      await chrome.signOut();
      await expect(page).toHaveURL(/\/auth$/);
      await platform.reset();
      await quietenStartup(platform);
    };

    for (const start of ['/', '/landing']) {
      await test.step(`${start}?context=…&contextVersion=2 switches like /mfe-host and leaves a clean address bar`, async () => {
        if (start !== '/') await startAfresh();
        await signedIn(page, 'admin@acme.test');
        await expect(chrome.tenantName).toHaveText('Acme Corp');
        await page.goto(`${start}?context=${europe}&contextVersion=2`);
        await expect(chrome.tenantName).toHaveText('Acme Europe');
        await expect(page).toHaveURL(/\/mfe-host$/);
        const asked = await platform.log({ path: contextCalls });
        expect(asked.map((r) => r.query.context)).toContain(europe);
      });
    }

    await test.step('/landing?context=…&contextVersion=1 asks first, as on /mfe-host', async () => {
      await startAfresh();
      await signedIn(page, 'admin@acme.test', `/landing?context=${europe}&contextVersion=1`);
      const dialog = new Dialog(page, en.TenantContextChangeTitle!, 'alertdialog');
      await dialog.expectOpen();
      await expect(page).toHaveURL(/\/mfe-host$/);
      await dialog.choose(en.Continue!);
      await expect(chrome.tenantName).toHaveText('Acme Europe');
    });
  });
});
