// @vitest-environment jsdom
// jsdom: banner messages go through DOMPurify (trustworthy only under jsdom).
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderWithKeys } from '../../components/keyTexts.testSupport';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore, Provider } from '../../state/jotai';
import { currentTenantAtom, type Tenant } from '../../lib/state/signedInState';
import { alertBannersAtom } from '../../startup/page/runChecks';
import { dismissedAlertIdsAtom } from '../../startup/page/storage';
import type { AlertBanner } from '../../lib/alerts/alertSchemas';
import { readLocal, removeLocal } from '../../lib/storage/localStore';
import { storageKeys } from '../../lib/storage/keys';
import { BannerArea } from './BannerArea';

// The texts are their keys (renderWithKeys), so keys are asserted.

const banner = (alertScheduleId: string, over: Partial<AlertBanner> = {}): AlertBanner => ({
  alertScheduleId,
  alertType: 'Info',
  bannerMessage: { message: `message ${alertScheduleId}` },
  dismissible: true,
  displayAttributes: { attributes: { BannerColor: null } },
  ...over,
});
const tenant = (over: Partial<Tenant> = {}): Tenant => ({ Id: 't', Name: 'Acme Sandbox', parentName: null, buyingType: 'PAID', OrgGroups: [], ...over });

/** Renders the area and waits for the alert banners' view, which loads when there is a banner. */
async function mount() {
  const view = renderWithKeys(
    <Provider store={appStore}>
      <BannerArea />
    </Provider>,
  );
  await act(() => vi.dynamicImportSettled());
  return view;
}

beforeEach(() => {
  removeLocal(storageKeys.dismissedAlerts);
  appStore.set(dismissedAlertIdsAtom, []);
  appStore.set(alertBannersAtom, []);
  appStore.set(currentTenantAtom, tenant());
});
afterEach(cleanup);

describe('BannerArea (SPEC §2, §3, §4, §6)', () => {
  it('shows nothing for a paid tenant without alerts', async () => {
    await mount();
    expect(screen.queryAllByRole('region')).toHaveLength(0);
  });

  it.each<[Partial<Tenant>, string]>([
    [{ buyingType: 'SANDBOX' }, 'SandboxBanner'],
    [{ buyingType: 'SANDBOX', parentName: 'Acme Corp' }, 'SandboxBannerWithParent'],
  ])('a SANDBOX tenant (%j) gets the sandbox banner %s', async (over, key) => {
    appStore.set(currentTenantAtom, tenant(over));
    await mount();
    expect(screen.getByRole('region', { name: 'Sandbox' }).textContent).toBe(key);
  });

  it('names each banner region by its kind and message and marks the kind with an icon', async () => {
    appStore.set(alertBannersAtom, [banner('e', { alertType: 'Error' }), banner('w', { alertType: 'Warning' }), banner('i', { alertType: 'Release' })]);
    await mount();
    const regions = screen.getAllByRole('region');
    expect(regions.map((r) => [r.className, r.querySelector('svg')?.getAttribute('data-icon')])).toEqual([
      ['banner banner--error', 'error'],
      ['banner banner--warning', 'warning'],
      ['banner banner--info', 'info'],
    ]);
    expect(screen.getByRole('region', { name: 'AlertError message e' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'AlertInfo message i' })).toBeTruthy();
  });

  it('sanitises the message', async () => {
    appStore.set(alertBannersAtom, [
      banner('x', { bannerMessage: { message: 'Read <a href="javascript:alert(1)">this</a><img src=x onerror="alert(1)"><script>alert(2)</script>' } }),
    ]);
    await mount();
    const region = screen.getByRole('region');
    expect(region.querySelector('script')).toBeNull();
    expect(region.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(region.querySelector('a')?.getAttribute('href') ?? '').not.toMatch(/javascript/i);
    expect(region.textContent).toContain('Read this');
  });

  it.each<[unknown, string, string]>([
    ['#FFEE00', 'rgb(255, 238, 0)', 'rgb(0, 0, 0)'],
    ['#1F2937', 'rgb(31, 41, 55)', 'rgb(255, 255, 255)'],
  ])('a valid BannerColor %s is the background, with a contrasting text colour', async (color, background, text) => {
    appStore.set(alertBannersAtom, [banner('c', { displayAttributes: { attributes: { BannerColor: color } } })]);
    await mount();
    const region = screen.getByRole('region');
    expect([region.style.backgroundColor, region.style.color]).toEqual([background, text]);
  });

  it.each(['red; background-image: url(https://evil.test/x)', '#FFF', 'expression(alert(1))', 42])('an invalid BannerColor (%j) never reaches the style', async (color) => {
    appStore.set(alertBannersAtom, [banner('c', { displayAttributes: { attributes: { BannerColor: color } } })]);
    await mount();
    expect(screen.getByRole('region').getAttribute('style')).toBeNull();
  });

  it('Dismiss hides a dismissible banner, stores its id and keeps focus in the banner area', async () => {
    appStore.set(alertBannersAtom, [banner('a'), banner('b', { dismissible: false })]);
    await mount();
    const first = screen.getByRole('region', { name: 'AlertInfo message a' });
    expect(within(screen.getByRole('region', { name: 'AlertInfo message b' })).queryByRole('button')).toBeNull();
    fireEvent.click(within(first).getByRole('button', { name: 'Dismiss' }));
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('data-alert-id'))).toEqual(['b']);
    expect(JSON.parse(readLocal(storageKeys.dismissedAlerts)!)).toEqual(['a']);
    expect(document.activeElement?.className).toBe('banner-area');
  });

  it('a banner dismissed earlier is not shown again', async () => {
    appStore.set(dismissedAlertIdsAtom, ['a']);
    appStore.set(alertBannersAtom, [banner('a'), banner('b')]);
    await mount();
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('data-alert-id'))).toEqual(['b']);
  });
});
