// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { clearDocumentBrand, paintDocument } from './brandDom';
import type { BrandPaint } from './brandPaint';

const acme: BrandPaint = {
  variant: 'custom',
  colors: { primary: '#0B5FFF', secondary: '#222222', tertiary: '#FFFFFF' },
  title: 'Acme Trust Center',
  favicon: { href: '/favicon.svg', type: 'image/svg+xml' },
  logo: '/brand/default-logo.svg',
};

describe('the installed app follows the brand', () => {
  beforeEach(() => {
    document.head.innerHTML = '<meta name="theme-color" content="#0f5e6e"><link rel="manifest" href="/manifest.webmanifest">';
  });

  it('links the branded manifest and sets the theme colour; the product brand goes back to the built ones', () => {
    paintDocument(acme);
    expect(document.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe('/manifest.webmanifest?name=Acme+Trust+Center&theme=%230B5FFF');
    expect(document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content).toBe('#0B5FFF');
    clearDocumentBrand();
    expect(document.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe('/manifest.webmanifest');
    expect(document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content).toBe('#0f5e6e');
  });
});
