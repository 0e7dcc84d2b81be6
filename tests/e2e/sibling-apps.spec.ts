import { test, expect } from './fixtures.ts';
import { en } from './support/catalogues.ts';
import { waitForServiceWorker } from './support/waits.ts';

/**
 * SPEC §2 catch-all: a same-origin path the shell does not own (another application on the origin:
 * /onboarding/…, /vendor-portal/trust-profile-shares/…) is the server's, by a full page load, even
 * with the service worker in control; a full load that still reaches the shell shows /404, once.
 */
const bannerPath = '/api/alert/v1/alerts/banner/immediate';
const sibling = (title: string) => `<!doctype html><html lang="en"><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`;

test.use({ serviceWorkers: 'allow' });

test('paths of sibling applications reach the server with the worker in control; one the shell gets shows /404 once', async ({ page, context, signedIn, platform }) => {
  // The sibling applications, as the origin's server would answer them (the worker's fetches included).
  const served: string[] = [];
  await context.route(/\/(onboarding|vendor-portal)\//, (route) => {
    served.push(new URL(route.request().url()).pathname);
    return route.fulfill({ status: 200, contentType: 'text/html', body: sibling('Sibling application') });
  });
  await platform.override({
    method: 'GET',
    path: bannerPath,
    status: 200,
    body: [
      {
        alertScheduleId: '00000000-0000-4000-8000-000000000048',
        alertType: 'Info',
        bannerMessage: { message: 'New here? <a href="/onboarding/welcome">Start onboarding</a>' },
        dismissible: true,
        displayAttributes: { attributes: { BannerColor: null } },
      },
    ],
  });
  await signedIn(page, 'admin@acme.test');
  await waitForServiceWorker(page);

  await test.step('a banner link: the document request reaches the server, not the worker’s copy of the shell', async () => {
    await page.getByRole('link', { name: 'Start onboarding' }).click();
    await expect(page.getByRole('heading', { name: 'Sibling application' })).toBeVisible();
    await expect(page).toHaveURL(/\/onboarding\/welcome$/);
    expect(served).toEqual(['/onboarding/welcome']);
  });

  await test.step('an in-app navigation to a path outside the shell’s routes leaves by a full page load', async () => {
    await page.goto('/mfe-host');
    await expect(page.getByTestId('example-remote-user')).not.toBeEmpty();
    await page.evaluate(() => {
      history.pushState({}, '', '/vendor-portal/trust-profile-shares/share-1');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', { name: 'Sibling application' })).toBeVisible();
    await expect(page).toHaveURL(/\/vendor-portal\/trust-profile-shares\/share-1$/);
    expect(served).toEqual(['/onboarding/welcome', '/vendor-portal/trust-profile-shares/share-1']);
  });

  await test.step('a full page load the server answers with the shell shows /404 and never loads again', async () => {
    await context.unrouteAll();
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) documents.push(new URL(request.url()).pathname);
    });
    await page.goto('/onboarding/not-deployed');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: en.PageNotFound })).toBeVisible();
    // A few more turns of the page's work: still there, and the address was asked for once.
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveURL(/\/404$/);
    expect(documents).toEqual(['/onboarding/not-deployed']);
  });
});
