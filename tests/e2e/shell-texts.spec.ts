import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { demoPassword } from './support/credentials.ts';
import { Dialog, ShellChrome, SignInPage } from './support/pages.ts';
import { cataloguesWithout, en } from './support/catalogues.ts';

/** The shell's own keys, read from the one module that lists them. */
const shellKeys = [...readFileSync(new URL('../../src/lib/i18n/shellTexts.ts', import.meta.url), 'utf8').matchAll(/^ {2}'([A-Za-z0-9]+)',$/gm)].map((m) => m[1]!);
/** A raw key is only recognisable where its text is not the key itself. */
const recognisable = shellKeys.filter((key) => en[key] !== undefined && en[key] !== key);

/** Keys of the list shown raw on the page: in its text or its accessible labels. */
async function rawKeysOn(page: Page): Promise<string[]> {
  const shown = await page.evaluate(() => {
    const parts = [document.body.innerText, document.title];
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) parts.push(el.getAttribute(name) ?? '');
    }
    return parts.join('\n');
  });
  return recognisable.filter((key) => new RegExp(`(^|[^A-Za-z])${key}($|[^A-Za-z])`).test(shown));
}

test.describe("the shell's own texts against catalogues without them", () => {
  test('no screen shows one of them as a raw key; the platform text wins where present', async ({ page, context, platform, request }) => {
    expect(shellKeys.length).toBeGreaterThan(50);
    await cataloguesWithout(request, platform, shellKeys);
    await context.clock.install();
    await page.goto('/auth');
    await expect(page.getByRole('button', { name: en.Continue })).toBeVisible();
    expect(await rawKeysOn(page)).toEqual([]);
    const signInPage = new SignInPage(page);
    await signInPage.continueWith('admin@acme.test');
    await signInPage.password.fill(demoPassword);
    expect(await rawKeysOn(page)).toEqual([]);
    await signInPage.signInButton.click();
    await expect(page).toHaveURL(/\/mfe-host$/);
    await expect(page.getByTestId('example-remote-user')).not.toBeEmpty();
    expect(await rawKeysOn(page)).toEqual([]);

    const chrome = new ShellChrome(page);
    await chrome.userMenuButton.click();
    await expect(chrome.menuItem(en.SignOut!)).toBeVisible();
    expect(await rawKeysOn(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await chrome.openPreferences();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await rawKeysOn(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The timeout warning.
    await context.clock.fastForward(300_000);
    const timeout = new Dialog(page, en.SessionTimeout!, 'alertdialog');
    await timeout.expectOpen();
    expect(await rawKeysOn(page)).toEqual([]);
    await timeout.choose(en.ContinueSession!);

    await page.goto('/404');
    await expect(page.getByRole('heading', { name: en.PageNotFound })).toBeVisible();
    expect(await rawKeysOn(page)).toEqual([]);

    // The UI kit page shows the signed-in area's texts (loaded with it, not with the sign-in page).
    await page.goto('/ui-kit');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(en.UiKitLoading!, { exact: true })).toBeVisible();
    // (Loading is a word of that heading, "Loading indicators": not a raw key.)
    expect((await rawKeysOn(page)).filter((key) => key !== 'Loading')).toEqual([]);
  });
});
