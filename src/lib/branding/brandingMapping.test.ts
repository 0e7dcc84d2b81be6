import { describe, expect, it } from 'vitest';
import type { Branding } from './brandingAtoms';
import { brandingAnswerSchema, mapBranding, mapResources, reviveBranding } from './brandingMapping';

const logo = 'data:image/svg+xml;base64,PHN2Zy8+';
const acme = {
  loginLogoData: logo,
  logoData: '/brand/acme.png',
  primaryColor: '#0B5FFF',
  secondaryColor: '#1F2937',
  tertiaryColor: '#F59E0B',
  pageTitle: 'Acme Trust Center',
  inheritedFrom: null,
  inherited: false,
};
const mapped: Branding = {
  LogoData: '/brand/acme.png',
  Icon: logo,
  PrimaryColor: '#0B5FFF',
  SecondaryColor: '#1F2937',
  TertiaryColor: '#F59E0B',
  Title: 'Acme Trust Center',
  InheritsFrom: null,
  IsInherited: false,
  IsWorkspaceNavigation: false,
};

describe('branding mapping (SPEC §3, contract Branding)', () => {
  it('maps every incoming field', () => {
    expect(mapBranding(acme, false)).toEqual(mapped);
    expect(mapBranding({ ...acme, inheritedFrom: 'Acme Corp', inherited: true }, true)).toEqual({
      ...mapped,
      InheritsFrom: 'Acme Corp',
      IsInherited: true,
      IsWorkspaceNavigation: true,
    });
  });

  it('a tenant without branding (null fields) gets the defaults', () => {
    const none = { loginLogoData: null, logoData: null, primaryColor: null, secondaryColor: null, tertiaryColor: null, pageTitle: null, inheritedFrom: null, inherited: false };
    expect(mapBranding(none, false)).toEqual({
      LogoData: null,
      Icon: null,
      PrimaryColor: '#FFFFFF',
      SecondaryColor: '#FFFFFF',
      TertiaryColor: '#FFFFFF',
      Title: '',
      InheritsFrom: null,
      IsInherited: false,
      IsWorkspaceNavigation: false,
    });
    // Missing fields as well (InheritsFrom defaults to null, IsInherited to false).
    expect(mapBranding({}, false)).toEqual(mapBranding(none, false));
  });

  it.each<[string, Record<string, unknown>, Partial<Branding>]>([
    ['a script in the title', { pageTitle: '<script>alert(1)</script>' }, { Title: '' }],
    ['CSS injection in a colour', { primaryColor: 'red;background:url(https://evil.test/x)' }, { PrimaryColor: '#FFFFFF' }],
    ['a colour name', { secondaryColor: 'red' }, { SecondaryColor: '#FFFFFF' }],
    ['a number as colour', { tertiaryColor: 0xffffff }, { TertiaryColor: '#FFFFFF' }],
    ['a javascript: logo', { logoData: 'javascript:alert(1)' }, { LogoData: null }],
    ['an html data URL as login logo', { loginLogoData: 'data:text/html;base64,PHNjcmlwdD4=' }, { Icon: null }],
    ['a string as inherited', { inherited: 'true' }, { IsInherited: false }],
    ['an object as inheritedFrom', { inheritedFrom: { name: 'x' } }, { InheritsFrom: null }],
    ['a 300-character title', { pageTitle: 'x'.repeat(300) }, { Title: '' }],
  ])('%s falls back alone; the other fields stay', (_what, hostile, fallback) => {
    expect(mapBranding({ ...acme, ...hostile }, false)).toEqual({ ...mapped, ...fallback });
  });

  it.each([[null], [undefined], ['branding'], [42], [[acme]]])('%j is not a branding (a failed call): null', (value) => {
    expect(mapBranding(value, false)).toBeNull();
  });

  it('revives a stored branding, checked again', () => {
    expect(reviveBranding(mapped)).toEqual(mapped);
    expect(reviveBranding({ ...mapped, PrimaryColor: 'url(x)', Title: '<b>x</b>', IsWorkspaceNavigation: true })).toEqual({
      ...mapped,
      PrimaryColor: '#FFFFFF',
      Title: '',
      IsWorkspaceNavigation: true,
    });
    expect(reviveBranding(null)).toBeNull();
    expect(reviveBranding('x')).toBeNull();
  });
});

describe('a branding answer checked against the contract (the workspace-navigation call)', () => {
  it('takes a contract answer, nulls and left-out fields; hostile content is for the mapping to handle', () => {
    expect(brandingAnswerSchema.safeParse(acme).success).toBe(true);
    expect(brandingAnswerSchema.safeParse({ ...acme, logoData: null, pageTitle: null, inherited: null }).success).toBe(true);
    expect(brandingAnswerSchema.safeParse({ pageTitle: 'Acme Workspace' }).success).toBe(true);
    expect(brandingAnswerSchema.safeParse({ ...acme, primaryColor: 'javascript:alert(1)' }).success).toBe(true);
  });

  it('refuses wrong types, arrays, null and text', () => {
    for (const answer of [
      { ...acme, pageTitle: 42 },
      { ...acme, logoData: ['x'] },
      { ...acme, primaryColor: { r: 1 } },
      { ...acme, inherited: 'yes' },
      [acme],
      null,
      '<html>',
    ]) {
      expect(brandingAnswerSchema.safeParse(answer).success, JSON.stringify(answer)).toBe(false);
    }
  });
});

describe('branding resources (keyed by resourceName)', () => {
  it('keys the list; a malformed entry is dropped alone; the first of a repeated name wins', () => {
    expect(
      mapResources([
        { resourceName: 'favicon', value: '/favicon.ico' },
        { resourceName: 'tabTitle', value: 'Acme' },
        { resourceName: 'tabTitle', value: 'Second' },
        { resourceName: '', value: 'x' },
        { resourceName: 'loginLogo', value: 42 },
        null,
        'favicon',
      ]),
    ).toEqual({ favicon: '/favicon.ico', tabTitle: 'Acme' });
  });

  it.each([[null], [undefined], [{ favicon: '/x.ico' }], ['x']])('%j is not a list: empty', (value) => {
    expect(mapResources(value)).toEqual({});
  });

  it('a resource named __proto__ stays a plain entry', () => {
    const out = mapResources([{ resourceName: '__proto__', value: 'x' }]);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });
});
