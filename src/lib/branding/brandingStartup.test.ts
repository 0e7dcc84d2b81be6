// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appStore } from '../../state/jotai';
import { brandingAtom, brandingResourcesAtom } from './brandingAtoms';
import { applySignedInBranding, paintStoredBrand, resetBranding } from './brandingStartup';
import { iconSet } from './brandVariants';
import { readBrand } from './brandStore';
import { storeSessionOf } from '../../session/core/storedScope.testSupport';
import { deleteKv, sessionKeys } from '../../session/core/sessionDb';

const favicon = 'data:image/svg+xml;base64,PHN2Zy8+';
const acme = {
  loginLogoData: 'data:image/svg+xml;base64,PHN2ZyBpZD0ibG9naW4iLz4=',
  logoData: 'data:image/svg+xml;base64,PHN2ZyBpZD0ibG9nbyIvPg==',
  primaryColor: '#0B5FFF',
  secondaryColor: '#1F2937',
  tertiaryColor: '#F59E0B',
  pageTitle: 'Acme Trust Center',
  inheritedFrom: null,
  inherited: false,
};
const resources = [
  { resourceName: 'favicon', value: favicon },
  { resourceName: 'tabTitle', value: 'Acme Tab' },
];
const member = { guid: 'user-1', tenantGuid: 'tenant-1', orgGroupGuid: 'group-1', role: 'Site Admin' };
/** The brand is kept under the stored session's scope only: this member's. */
const scopeKey = await storeSessionOf(member);

const root = () => document.documentElement;
const css = (name: string) => root().style.getPropertyValue(name);
const iconHref = () => document.querySelector<HTMLLinkElement>('link[rel~="icon"]')?.getAttribute('href');

beforeEach(() => {
  document.head.innerHTML = '<link rel="icon" href="/favicon.svg" type="image/svg+xml">';
  document.title = 'trust-shell';
});
afterEach(() => resetBranding());

describe('applySignedInBranding', () => {
  it('applies colours with readable text colours, title, favicon; publishes and stores', async () => {
    await applySignedInBranding({ branding: acme, resources, isWorkspaceNavigation: true, scopeKey });
    expect(root().dataset.brand).toBe('custom');
    expect([css('--brand-primary'), css('--brand-secondary'), css('--brand-tertiary')]).toEqual(['#0B5FFF', '#1F2937', '#F59E0B']);
    expect([css('--brand-on-primary'), css('--brand-on-secondary'), css('--brand-on-tertiary')]).toEqual(['#FFFFFF', '#FFFFFF', '#000000']);
    expect(document.title).toBe('Acme Tab');
    expect(iconHref()).toBe(favicon);
    expect(appStore.get(brandingAtom)).toMatchObject({ Title: 'Acme Trust Center', IsWorkspaceNavigation: true, LogoData: acme.logoData, Icon: acme.loginLogoData });
    expect(appStore.get(brandingResourcesAtom)).toEqual({ favicon, tabTitle: 'Acme Tab' });
    expect((await readBrand(scopeKey))?.branding.PrimaryColor).toBe('#0B5FFF');
  });

  it('refuses hostile values field by field: the rest of the brand still applies', async () => {
    await applySignedInBranding({
      branding: { ...acme, pageTitle: '<script>alert(1)</script>', primaryColor: 'red;background:url(https://evil.test/x.png)' },
      resources: [
        { resourceName: 'favicon', value: 'data:image/svg+xml,<svg onload=alert(1)/>' },
        { resourceName: 'tabTitle', value: '<img src=x onerror=alert(1)>' },
      ],
      isWorkspaceNavigation: false,
      scopeKey,
    });
    expect(css('--brand-primary')).toBe('#FFFFFF');
    expect(css('--brand-on-primary')).toBe('#000000');
    expect(root().getAttribute('style')).not.toContain('url(');
    expect(css('--brand-secondary')).toBe('#1F2937');
    expect(document.title).toBe('trust-shell');
    expect(iconHref()).toBe('/favicon.svg');
    expect(appStore.get(brandingAtom)?.LogoData).toBe(acme.logoData);
  });

  it('a failed call (no branding object) shows the defaults and keeps the last stored brand', async () => {
    await applySignedInBranding({ branding: acme, resources, isWorkspaceNavigation: false, scopeKey });
    await applySignedInBranding({ branding: null, resources: null, isWorkspaceNavigation: false, scopeKey });
    expect(appStore.get(brandingAtom)).toBeNull();
    expect(root().dataset.brand).toBe('product');
    expect(css('--brand-primary')).toBe('');
    expect(document.title).toBe('trust-shell');
    expect(iconHref()).toBe('/favicon.svg');
    expect((await readBrand(scopeKey))?.branding.Title).toBe('Acme Trust Center');
  });

  it('the workspace branding (no resources in its answer) keeps the resources shown', async () => {
    await applySignedInBranding({ branding: acme, resources, isWorkspaceNavigation: false, scopeKey });
    await applySignedInBranding({ branding: { ...acme, pageTitle: 'Acme Workspace' }, resources: undefined, isWorkspaceNavigation: true, scopeKey });
    expect(appStore.get(brandingAtom)).toMatchObject({ Title: 'Acme Workspace', IsWorkspaceNavigation: true });
    expect(document.title).toBe('Acme Tab');
    expect(iconHref()).toBe(favicon);
    expect((await readBrand(scopeKey))?.resources).toEqual({ favicon, tabTitle: 'Acme Tab' });
  });

  it('a tenant without branding is the product brand with the default title and icon', async () => {
    const none = { loginLogoData: null, logoData: null, primaryColor: null, secondaryColor: null, tertiaryColor: null, pageTitle: null, inheritedFrom: null, inherited: false };
    await applySignedInBranding({ branding: none, resources: [], isWorkspaceNavigation: false, scopeKey });
    expect(root().dataset.brand).toBe('product');
    expect(css('--brand-primary')).toBe('#FFFFFF');
    expect(document.title).toBe(iconSet('product').title);
  });
});

describe('paintStoredBrand', () => {
  it('paints the brand kept for that user and tenant, and nothing for another', async () => {
    await applySignedInBranding({ branding: acme, resources, isWorkspaceNavigation: false, scopeKey });
    // A new start: the document and atoms know nothing yet (resetBranding would also clear the store).
    root().removeAttribute('style');
    document.title = 'trust-shell';
    appStore.set(brandingAtom, null);
    expect(await paintStoredBrand('user-2:tenant-1')).toBe(false);
    expect(css('--brand-primary')).toBe('');
    expect(await paintStoredBrand(scopeKey)).toBe(true);
    expect(css('--brand-primary')).toBe('#0B5FFF');
    expect(document.title).toBe('Acme Tab');
    expect(iconHref()).toBe(favicon);
    expect(appStore.get(brandingAtom)?.LogoData).toBe(acme.logoData);
  });

  it('never paints over a brand applied while it was reading', async () => {
    await applySignedInBranding({ branding: acme, resources, isWorkspaceNavigation: false, scopeKey });
    const painting = paintStoredBrand(scopeKey);
    await applySignedInBranding({ branding: { ...acme, primaryColor: '#123456' }, resources, isWorkspaceNavigation: false, scopeKey: 'other' });
    expect(await painting).toBe(false);
    expect(css('--brand-primary')).toBe('#123456');
  });
});

describe('resetBranding (sign-out)', () => {
  it('returns to the product brand and forgets the kept brands', async () => {
    await applySignedInBranding({ branding: acme, resources, isWorkspaceNavigation: false, scopeKey });
    resetBranding();
    expect(appStore.get(brandingAtom)).toBeNull();
    expect(appStore.get(brandingResourcesAtom)).toEqual({});
    expect(root().dataset.brand).toBe('product');
    expect(css('--brand-primary')).toBe('');
    expect(document.title).toBe('trust-shell');
    expect(iconHref()).toBe('/favicon.svg');
    await expect.poll(() => readBrand(scopeKey)).toBeNull();
    expect(await paintStoredBrand(scopeKey)).toBe(false);
  });
});

describe('the brand is kept only under the scope stored when it is written', () => {
  afterEach(() => storeSessionOf(member));

  it.each([
    ['an organisation-group switch', { ...member, orgGroupGuid: 'group-2' }],
    ['a role switch', { ...member, role: 'Auditor' }],
  ])('a brand answered for the old scope after %s (a late answer, another tab) is not kept', async (_name, next) => {
    await storeSessionOf(next);
    await applySignedInBranding({ branding: acme, resources, isWorkspaceNavigation: false, scopeKey });
    expect(await readBrand(scopeKey)).toBeNull();
  });

  it('nor one answered after a sign-out', async () => {
    await deleteKv(sessionKeys.accessToken);
    await applySignedInBranding({ branding: acme, resources, isWorkspaceNavigation: false, scopeKey });
    expect(await readBrand(scopeKey)).toBeNull();
  });
});
