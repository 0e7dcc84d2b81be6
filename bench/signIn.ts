import type { Page } from '@playwright/test';

/** The benchmarks' member: signs in through the real sign-in page and waits for the shell. */
export async function signInAsAdmin(page: Page, baseURL: string): Promise<void> {
  await page.goto(`${baseURL}/auth`);
  await page.getByLabel('Email').fill('admin@acme.test');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password').fill('trust-shell-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/mfe-host/);
}
