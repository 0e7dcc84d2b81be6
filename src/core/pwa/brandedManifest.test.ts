import { describe, expect, it } from 'vitest';
import { brandedManifest, manifestHref } from './brandedManifest';

const base = { name: 'trust-shell', short_name: 'trust-shell', theme_color: '#0f5e6e', display: 'standalone', start_url: '/landing' };
const params = (query: string) => new URLSearchParams(query);

describe('the branded manifest', () => {
  it('carries the tenant’s name and colour, keeping everything else', () => {
    expect(brandedManifest(base, params('name=Acme%20Corp&theme=%23AA3300'))).toEqual({
      ...base,
      name: 'Acme Corp',
      short_name: 'Acme Corp',
      theme_color: '#aa3300',
    });
  });

  it('shortens a long name for short_name and caps the name', () => {
    const m = brandedManifest(base, params(`name=${encodeURIComponent('Northwind Traders Europe')}`));
    expect(m.short_name).toBe('Northwind');
    expect(brandedManifest(base, params(`name=${'x'.repeat(80)}`)).name).toHaveLength(45);
  });

  it('falls back to the built values for hostile or broken input', () => {
    expect(brandedManifest(base, params('name=%E2%80%AE%00%0A&theme=red'))).toEqual(base);
    expect(brandedManifest(base, params('theme=%23abc'))).toEqual(base);
    expect(brandedManifest(base, params('name=%3Cscript%3E'))).toMatchObject({ name: '<script>' }); // text, never markup
  });

  it('links the built manifest when no brand is known', () => {
    expect(manifestHref(null)).toBe('/manifest.webmanifest');
    expect(manifestHref({ name: 'Acme Corp', theme: '#aa3300' })).toBe('/manifest.webmanifest?name=Acme+Corp&theme=%23aa3300');
  });
});
