import { describe, expect, it } from 'vitest';
import { faviconLink } from './favicon';

const svg = 'data:image/svg+xml;base64,PHN2Zy8+';

describe('favicon rule (SPEC §5)', () => {
  it.each<[unknown, { href: string; type: string | null } | null]>([
    [svg, { href: svg, type: 'image/svg+xml' }],
    ['data:image/png;base64,iVBORw0KGgo=', { href: 'data:image/png;base64,iVBORw0KGgo=', type: 'image/png' }],
    // a data URL needs base64
    ['data:image/svg+xml,<svg onload=alert(1)/>', null],
    ['data:image/svg+xml;utf8,%3Csvg%2F%3E', null],
    ['data:text/html;base64,PHNjcmlwdD4=', null],
    ['data:image/png;base64,not base64!', null],
    // otherwise an extension of at most 4 characters
    ['/assets/favicon.ico', { href: '/assets/favicon.ico', type: 'image/x-icon' }],
    ['/assets/favicon.webp', { href: '/assets/favicon.webp', type: 'image/webp' }],
    ['/assets/favicon.png?v=3', { href: '/assets/favicon.png?v=3', type: 'image/png' }],
    ['https://cdn.acme.test/icons/fav.svg#x', { href: 'https://cdn.acme.test/icons/fav.svg#x', type: 'image/svg+xml' }],
    ['https://cdn.acme.test/icons/fav.avif', { href: 'https://cdn.acme.test/icons/fav.avif', type: null }],
    ['/assets/favicon.image', null],
    ['/assets/favicon', null],
    ['/assets/favicon.', null],
    ['https://cdn.acme.test', null],
    ['https://cdn.acme.com/', null],
    ['javascript:alert(1)//.ico', null],
    ['//evil.test/favicon.ico', null],
    ['favicon.ico', null],
    ['/assets/fav icon.ico', null],
    ['', null],
    [null, null],
    [7, null],
  ])('%j → %j', (value, expected) => {
    expect(faviconLink(value)).toEqual(expected);
  });
});
