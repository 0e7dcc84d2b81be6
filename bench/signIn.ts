import type { Page } from '@playwright/test';

/** Signs a persona in through the real sign-in page and waits for the shell. */
export async function signIn(page: Page, baseURL: string, email = 'admin@acme.test'): Promise<void> {
  await page.goto(`${baseURL}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password').fill('trust-shell-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/mfe-host/);
}
