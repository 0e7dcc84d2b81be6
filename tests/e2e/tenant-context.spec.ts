import { test, expect, en } from './fixtures.ts';
import { Dialog, ShellChrome } from './support/pages.ts';
import { tenantIdByName } from './support/session.ts';

const contextCalls = '/api/access/v1/tenants/context';

test.describe('tenant-context links wherever they land (SPEC §2 context / contextVersion)', () => {
  for (const start of ['/', '/landing']) {
    test(`${start}?context=…&contextVersion=2 switches like /mfe-host and leaves a clean address bar`, async ({ page, signedIn, platform, request }) => {
      const europe = await tenantIdByName(request, platform, 'Acme Europe');
      await signedIn(page, 'admin@acme.test');
      const chrome = new ShellChrome(page);
      await expect(chrome.tenantName).toHaveText('Acme Corp');
      await page.goto(`${start}?context=${europe}&contextVersion=2`);
      await expect(chrome.tenantName).toHaveText('Acme Europe');
      await expect(page).toHaveURL(/\/mfe-host$/);
      const asked = await platform.log({ path: contextCalls });
      expect(asked.map((r) => r.query.context)).toContain(europe);
    });
  }

  test('/landing?context=…&contextVersion=1 asks first, as on /mfe-host', async ({ page, signedIn, platform, request }) => {
    const europe = await tenantIdByName(request, platform, 'Acme Europe');
    await signedIn(page, 'admin@acme.test', `/landing?context=${europe}&contextVersion=1`);
    const dialog = new Dialog(page, en.TenantContextChangeTitle!, 'alertdialog');
    await dialog.expectOpen();
    await expect(page).toHaveURL(/\/mfe-host$/);
    await dialog.choose(en.Continue!);
    await expect(new ShellChrome(page).tenantName).toHaveText('Acme Europe');
  });
});
