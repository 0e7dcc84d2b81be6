/** Ways into a signed-in shell for a test: through the sign-in form, or with tokens planted as it stores them. */
import type { Page } from '@playwright/test';
import { en } from './catalogues.ts';
import { demoPassword } from './credentials.ts';
import type { PlatformControl } from './platform.ts';
import { plantProofKey, plantSignIn } from './shellStorage.ts';

/**
 * The `signedIn` fixture's way in, also for a server of a test's own (`base`, its origin): tokens
 * from `control`, stored from a same-origin address that runs none of the shell's code, then `path`.
 */
export async function arriveSignedIn(page: Page, control: PlatformControl, email: string, path = '/mfe-host', base = ''): Promise<void> {
  await page.goto(`${base}/config.json`);
  // As a sign-in does: a key of the session's own, made in the browser, its private half never out.
  const jwk = await plantProofKey(page);
  const tokens = await control.token(email, jwk);
  await plantSignIn(page, tokens, email);
  await page.goto(`${base}${path}`);
}

/** The two-step sign-in form: email, Continue (the SAML lookup), password, Sign in. */
export async function fillSignIn(page: Page, email: string, password: string = demoPassword): Promise<void> {
  await page.getByLabel(en.Email!).fill(email);
  await page.getByRole('button', { name: en.Continue }).click();
  await page.getByLabel(en.Password!).fill(password);
  await page.getByRole('button', { name: en.SignIn }).click();
}
