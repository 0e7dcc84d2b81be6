import type { Page } from '@playwright/test';
import { test, expect, de } from './fixtures.ts';
import { ShellChrome, SignInPage } from './support/pages.ts';
import { platformGet } from './support/session.ts';

/**
 * A returning member's start paints from what the device holds (stale-while-revalidate): the
 * platform's answers then update the shell in place. The emulator holds every platform call
 * (a `hold` fault) so "before any answer" is a state, not a race against a timer.
 */

interface Init {
  permissions: Record<string, boolean>;
  tenant: { Name: string };
  branding: { primaryColor: string };
  [field: string]: unknown;
}

/** What a frame showed: its text, the brand on <html>, whether the loading display was there. */
interface Frame {
  text: string;
  brand: string | null;
  style: string;
  loading: boolean;
  memberShown: boolean;
}

/**
 * Records every distinct state of the document from before the first script runs, in every
 * document the tab loads (a MutationObserver's callback runs before the browser paints, so no
 * painted frame escapes it). Reported to the test through a binding, which outlives navigations.
 */
async function recordFrames(page: Page): Promise<Frame[]> {
  const frames: Frame[] = [];
  await page.exposeFunction('__recordFrame', (frame: Frame) => void frames.push(frame));
  await page.addInitScript(() => {
    let last = '';
    const record = () => {
      const root = document.documentElement;
      const frame = {
        text: root.textContent ?? '',
        brand: root.getAttribute('data-brand'),
        style: root.getAttribute('style') ?? '',
        loading: document.querySelector('.loading') !== null,
        memberShown: document.querySelector('[data-testid="user-name"]') !== null,
      };
      const key = JSON.stringify(frame);
      if (key === last) return;
      last = key;
      void (window as unknown as { __recordFrame: (f: typeof frame) => Promise<void> }).__recordFrame(frame);
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  return frames;
}

/** The keys of one of the shell's IndexedDB stores (the session store's kv unless told). */
function storedKeys(page: Page, database = 'trust-shell', store = 'kv'): Promise<string[]> {
  return page.evaluate(
    ([database, store]) =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open(database);
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(store)) return resolve([]);
          const keys = db.transaction(store).objectStore(store).getAllKeys();
          keys.onsuccess = () => {
            db.close();
            resolve(keys.result.map(String));
          };
          keys.onerror = () => resolve([]);
        };
      }),
    [database, store] as const,
  );
}


const brandVar = (page: Page, name: string) => page.evaluate((n) => document.documentElement.style.getPropertyValue(n), name);

test('warm start: the chrome paints from the device while the platform holds every call, then revalidates in place', async ({
  page,
  signIn,
  platform,
  request,
}) => {
  const init = await platformGet<Init>(request, platform, '/api/global-state/v1/init');
  const workspace = await platformGet<{ logoData: string; primaryColor: string }>(request, platform, '/api/branding/v1/branding?isWorkspaceNavigation=true');
  await signIn(page, 'admin@acme.test');
  // The member reads the shell in German: that catalogue is the one kept for the next start.
  await new ShellChrome(page).pick('Deutsch');
  const chrome = new ShellChrome(page, de);
  const userMenu = chrome.userMenuButton;
  await expect(userMenu).toBeVisible();
  await page.keyboard.press('Escape');
  const switchTenant = chrome.tenantSwitcher;
  await expect(switchTenant).toBeVisible();
  await expect(chrome.tenantLogo).toHaveAttribute('src', workspace.logoData);

  // Since the last visit the platform took TENANTS_LIST away, renamed the tenant and changed its brand.
  const { TENANTS_LIST: _taken, ...permissions } = init.permissions;
  await platform.override({ method: 'GET', path: '/api/global-state/v1/init', status: 200, body: { ...init, permissions, tenant: { ...init.tenant, Name: 'Acme Corporation' } } });
  const newPrimary = '#6A1B9A';
  expect(newPrimary).not.toBe(init.branding.primaryColor);
  await platform.override({ method: 'GET', path: '/api/branding/v1/branding', status: 200, body: { ...workspace, primaryColor: newPrimary } });
  const frames = await recordFrames(page);
  const held = await Promise.all([platform.fault({ path: '/api/', hold: true }), platform.fault({ path: '/seed-translations/', hold: true })]);
  await platform.clearLog();
  await page.goto('/mfe-host');

  // Name, tenant, brand and the member's texts in their language, with nothing answered.
  await chrome.expectSignedInAs('Ada Admin');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-de');
  await expect(userMenu).toBeVisible();
  await expect(chrome.tenantName).toHaveText(init.tenant.Name);
  await expect(switchTenant).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-brand', 'custom');
  expect(await brandVar(page, '--brand-primary')).toBe(init.branding.primaryColor);
  await expect(chrome.tenantLogo).toHaveAttribute('src', workspace.logoData);
  // ... while the emulator still holds the state calls it received (the browser queues the rest
  // behind them): none of them has been answered.
  const received = await platform.log({ path: '/api/' });
  expect(received.map((r) => r.path)).toContain('/api/access/v1/users/current/legacy');
  expect(received.filter((r) => r.status !== 0)).toEqual([]);

  // The platform answers: the lost permission's control goes and the new name shows, in place.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  for (const { id } of held) await platform.removeFault(id);
  await expect(chrome.tenantName).toHaveText('Acme Corporation');
  await expect(switchTenant).toHaveCount(0);
  await chrome.expectSignedInAs('Ada Admin');
  await expect(userMenu).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await expect.poll(() => brandVar(page, '--brand-primary')).toBe(newPrimary);
  await expect(chrome.tenantLogo).toHaveAttribute('src', workspace.logoData);

  // The loading display never showed, and the member was never shown without their brand: the
  // kept one, then the new one, never the default in between.
  expect(frames.filter((f) => f.loading)).toEqual([]);
  const withMember = frames.filter((f) => f.memberShown);
  expect(withMember.length).toBeGreaterThan(0);
  const branded = (f: Frame) => f.brand === 'custom' && (f.style.includes(init.branding.primaryColor) || f.style.includes(newPrimary));
  expect(withMember.filter((f) => !branded(f)).map((f) => [f.brand, f.style])).toEqual([]);
});

test('another member on the same browser never sees the last member’s state, not for one frame; sign-out deletes the copies', async ({
  page,
  signIn,
  platform,
  request,
}) => {
  const init = await platformGet<Init>(request, platform, '/api/global-state/v1/init');
  await signIn(page, 'admin@acme.test');
  await new ShellChrome(page).signOut();
  await expect(page).toHaveURL(/\/auth$/);
  // Nothing of the member's kept for a warm start outlives the sign-out.
  const kept = await storedKeys(page);
  expect(kept.filter((key) => key === 'lastKnownState' || key.startsWith('translations:v2:') || key.startsWith('translations:module:'))).toEqual([]);
  await expect.poll(() => storedKeys(page, 'trust-shell-brand', 'brands')).toEqual([]);

  const frames = await recordFrames(page);
  await page.reload();
  const chrome = await new SignInPage(page).signIn('trial@acme.test');
  await expect(chrome.tenantName).toContainText('Initech (trial)');
  await expect(chrome.memberName).not.toHaveText('');

  expect(frames.length).toBeGreaterThan(0);
  const leaked = frames.filter((f) => /Ada Admin|Acme Corp|Acme Home/.test(f.text) || f.style.includes(init.branding.primaryColor));
  expect(leaked.map((f) => f.text.slice(0, 200))).toEqual([]);
});

for (const answer of ['renewed', 'refused'] as const) {
  test(`an expired access token does not hold the paint: the refresh runs behind the shown shell and is ${answer}`, async ({ page, signIn, platform }) => {
    // A returning member's access token has usually expired (it lives 15 minutes): here it lives
    // one, and the page's clock is two minutes on when the member comes back.
    await platform.lifetimes({ accessTtlSeconds: 60 });
    await signIn(page, 'admin@acme.test');
    const chrome = new ShellChrome(page);
    await expect(chrome.tenantName).not.toBeEmpty();
    // The member closes the tab: the old document's own timers (the auto refresh, the idle watch)
    // must not navigate it while the returning visit's navigation is on its way.
    await page.goto('about:blank');
    await platform.lifetimes({ accessTtlSeconds: 900 });
    if (answer === 'refused') await platform.fault({ method: 'POST', path: '/api/access/v1/oauth/token', status: 400 });
    const held = await platform.fault({ path: '/api/', hold: true });
    await platform.clearLog();
    await page.clock.setSystemTime(Date.now() + 120_000);
    await page.goto('/mfe-host/home');

    // Painted from the device while the refresh grant is still unanswered.
    await chrome.expectSignedInAs('Ada Admin');
    await expect.poll(async () => (await platform.log({ path: '/api/access/v1/oauth/token' })).map((r) => r.status)).toEqual([0]);

    await platform.removeFault(held.id);
    if (answer === 'refused') {
      // A refused refresh still ends the session.
      await expect(page).toHaveURL(/\/auth$/);
      await expect(chrome.memberName).toHaveCount(0);
      return;
    }
    // Renewed: the state calls follow with the new token, and the shell stays.
    await expect(page.getByTestId('example-remote-user')).toHaveText('Ada Admin');
    // The log in arrival order: the grant answered, then init asked for and answered.
    const statuses = async () => {
      const log = await platform.log({ path: '/api/' });
      const grant = log.findIndex((r) => r.path === '/api/access/v1/oauth/token');
      const init = log.findIndex((r) => r.path === '/api/global-state/v1/init');
      return { grant: log[grant]?.status, init: log[init]?.status, initAfterGrant: init > grant };
    };
    await expect.poll(statuses).toEqual({ grant: 200, init: 200, initAfterGrant: true });
    await expect(page).toHaveURL(/\/mfe-host\/home$/);
  });
}
