import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { en } from './support/catalogues.ts';
import { axeViolations } from './support/axe.ts';
import { Dialog, ShellChrome, SignInPage } from './support/pages.ts';
import { queuedWrites as queued } from './support/shellStorage.ts';

/**
 * What an explicit sign-out leaves on the device: nothing of the member's but the language choice
 * and the last e-mail for the sign-in page. Writes still waiting are the member's to give up, so
 * the sign-out asks first.
 */
test.use({ serviceWorkers: 'block', timezoneId: 'UTC' });

const preferencesPrefix = '/api/globalization/v1/ui-settings/user/';
const countText = (key: string, count: number) => en[key]!.replace('{{count}}', String(count));

const localEntries = (page: Page) => page.evaluate(() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k) ?? ''])));

const saveTimeFormat = (page: Page, value: '12Hour' | '24Hour') => new ShellChrome(page).saveTimeFormat(value);

// One start: the sign-out with nothing waiting comes first, and leaves the device as a sign-out
// does (nothing of the member's); the member then arrives signed in again for the waiting write.
test('a sign-out asks first only with a write waiting; signed out, nothing of the member stays but language and e-mail', async ({ page, signedIn, platform }) => {
  await test.step('nothing waiting: the sign-out does not ask', async () => {
    await signedIn(page, 'admin@acme.test');
    await new ShellChrome(page).signOut();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });

  await test.step('an explicit sign-out with a write waiting asks first; signed out, nothing of the member stays but language and e-mail', async () => {
    await signedIn(page, 'admin@acme.test', '/mfe-host/home');
    const chrome = new ShellChrome(page);
    await chrome.expectSignedInAs('Ada Admin');
    // The preferences path fails at network level: the write waits on this device.
    await platform.fault({ method: 'PUT', path: preferencesPrefix, drop: true });
    await saveTimeFormat(page, '24Hour');
    await expect(chrome.pendingWrites(1)).toBeVisible({ timeout: 20_000 });
    // A half-typed form (the drafts the contact-sales and preferences forms keep).
    await page.evaluate(() => localStorage.setItem('trust-shell.draft.contactSales.someone.somewhere', '{"name":"Ada","phone":"+1 555"}'));
    const before = await localEntries(page);
    expect(Object.keys(before)).toContain('trust-shell.history');

    // Asked first; Stay keeps the member signed in with the write still waiting.
    await chrome.signOut();
    const ask = new Dialog(page, en.SignOutPendingTitle!, 'alertdialog');
    await ask.expectOpen();
    await ask.expectText(countText('SignOutPendingMessage', 1));
    expect(await axeViolations(page, '[role="alertdialog"]')).toEqual([]);
    await ask.choose(en.SignOutStay!);
    await ask.expectClosed();
    await expect(page).toHaveURL(/\/mfe-host/);
    expect(await queued(page)).toHaveLength(1);

    // The keyboard alone: Escape is "stay" too.
    await chrome.signOut();
    await ask.expectOpen();
    // A keyboard member presses Escape once the question has the focus (the dialog's code may still
    // be arriving when it first shows).
    await expect.poll(() => ask.root.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await ask.expectClosed();
    await expect(page).toHaveURL(/\/mfe-host/);

    await chrome.signOut();
    await ask.choose(en.SignOutDiscard!);
    await expect(page).toHaveURL(/\/auth$/);
    await expect(new SignInPage(page).heading).toBeVisible();

    expect(await queued(page)).toEqual([]);
    const after = await localEntries(page);
    expect(Object.keys(after).filter((k) => k.startsWith('trust-shell.draft.'))).toEqual([]);
    expect(after['trust-shell.history'] ?? '').not.toContain('/mfe-host');
    expect(after['trust-shell.lastLoginEmail']).toBe('admin@acme.test');
    // The discarded write never reached the platform.
    expect((await platform.log({ path: preferencesPrefix, method: 'PUT' })).filter((r) => !r.dropped)).toEqual([]);
  });
});
