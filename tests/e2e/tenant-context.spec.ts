import { test, expect } from './fixtures.ts';
import { en } from './support/catalogues.ts';
import { Dialog, ShellChrome } from './support/pages.ts';
import { tenantIdByName } from './support/session.ts';

const contextCalls = '/api/access/v1/tenants/context';

test.describe('tenant-context links wherever they land (SPEC §2 context / contextVersion)', () => {
  // One tab for the three links, each step after the first starting afresh (freshStart) and
  // checking it begins signed in to Acme Corp.
  test('?context=…&contextVersion=2 on / and /landing switches like /mfe-host, clean address; version 1 on /landing asks', async ({
    page,
    freshStart,
    signedIn,
    platform,
    request,
  }) => {
    const europe = await tenantIdByName(request, platform, 'Acme Europe');
    const chrome = new ShellChrome(page);

    for (const start of ['/', '/landing']) {
      await test.step(`${start}?context=…&contextVersion=2 switches like /mfe-host and leaves a clean address bar`, async () => {
        if (start !== '/') await freshStart(page);
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
      await freshStart(page);
      await signedIn(page, 'admin@acme.test', `/landing?context=${europe}&contextVersion=1`);
      const dialog = new Dialog(page, en.TenantContextChangeTitle!, 'alertdialog');
      await dialog.expectOpen();
      await expect(page).toHaveURL(/\/mfe-host$/);
      await dialog.choose(en.Continue!);
      await expect(chrome.tenantName).toHaveText('Acme Europe');
    });
  });
});
