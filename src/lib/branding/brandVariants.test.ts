import { describe, expect, it } from 'vitest';
import { brandVariantOf, brandVariants, iconSet, iconSetNames, iconSetOf } from './brandVariants';
import { faviconLink } from './favicon';

const plain = { LogoData: null, PrimaryColor: '#FFFFFF', SecondaryColor: '#FFFFFF', TertiaryColor: '#FFFFFF', Title: '' };

describe('brand variants and icon sets (SPEC §3, §8)', () => {
  it('has a product brand, a second brand and custom', () => {
    expect([...brandVariants]).toEqual(['product', 'alternate', 'custom']);
    expect(iconSetNames).toEqual(['product', 'alternate']);
  });

  it.each(iconSetNames.map((name) => [name]))('icon set %s has a favicon that passes the favicon rule, a logo and a title', (name) => {
    const set = iconSet(name);
    expect(faviconLink(set.favicon)).not.toBeNull();
    expect(set.logo).toMatch(/^(\/|data:image\/svg\+xml;base64,)/);
    expect(set.title).not.toBe('');
  });

  it.each([['custom'], ['Product'], [''], ['toString'], ['__proto__']])('an unknown icon set %j throws naming it', (name) => {
    expect(() => iconSet(name)).toThrow(new Error(`Unknown icon set: ${name}`));
  });

  it('custom falls back to the product brand’s icon set', () => {
    expect(iconSetOf('custom')).toBe(iconSet('product'));
    expect(iconSetOf('custom', 'alternate')).toBe(iconSet('alternate'));
    expect(iconSetOf('alternate')).toBe(iconSet('alternate'));
  });

  it.each<[string, Parameters<typeof brandVariantOf>[0], string | null, string]>([
    ['no branding', null, null, 'product'],
    ['all defaults', plain, null, 'product'],
    ['a logo', { ...plain, LogoData: '/logo.png' }, null, 'custom'],
    ['a colour', { ...plain, SecondaryColor: '#1F2937' }, null, 'custom'],
    ['a title', { ...plain, Title: 'Acme' }, null, 'custom'],
    ['a favicon alone', null, '/favicon.ico', 'custom'],
  ])('%s → %s', (_what, branding, favicon, variant) => {
    expect(brandVariantOf(branding, favicon)).toBe(variant);
  });

  it('a plain branding keeps the product brand this build ships as', () => {
    expect(brandVariantOf(plain, null, 'alternate')).toBe('alternate');
  });
});
