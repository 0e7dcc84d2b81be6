// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { storageKeys } from '../storage/keys';
import { keptStylesheets, preloadKeptStylesheets } from './keptStylesheets';

const styles = ['/assets/signed-in-shared-Bbg.css', '/assets/signed-in-C1z.css'];
const note = (extra: Record<string, unknown>) => JSON.stringify({ fonts: [], arabic: false, svgImage: false, ...extra });
const links = () => [...document.head.querySelectorAll('link')];

afterEach(() => {
  links().forEach((link) => link.remove());
  localStorage.clear();
});

describe('kept stylesheets', () => {
  it('are the build\'s own same-origin stylesheets, at most 24', () => {
    expect(keptStylesheets([...styles, 7, 'https://evil.test/x.css', '//evil.test/a.css', '/assets/../x.css', '/other/a.css', 'javascript:alert(1)'])).toEqual(styles);
    expect(keptStylesheets(Array.from({ length: 30 }, (_, i) => `/assets/s${i}.css`))).toHaveLength(24);
  });

  it('named by the warm-up note are preloaded in CORS mode, not applied', () => {
    localStorage.setItem(storageKeys.chromeWarmUp, note({ styles: [styles[0], '//evil.test/a.css', styles[1]] }));
    preloadKeptStylesheets();
    expect(links().map((link) => [link.rel, link.as, link.crossOrigin, link.getAttribute('href')])).toEqual(styles.map((path) => ['preload', 'style', '', path]));
    expect(document.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(0);
  });

  it.each([
    ['no note', null],
    ['a note kept before stylesheets were noted', note({})],
    ['not JSON', '{styles'],
    ['null', 'null'],
    ['styles not a list', note({ styles: '/assets/a.css' })],
  ])('are not asked for with %s', (_, stored) => {
    if (stored !== null) localStorage.setItem(storageKeys.chromeWarmUp, stored);
    preloadKeptStylesheets();
    expect(links()).toEqual([]);
  });
});
