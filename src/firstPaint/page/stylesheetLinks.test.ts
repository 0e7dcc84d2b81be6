// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../lib/storage/keys';
import { snapshotStylesheets } from '../core/snapshotStylesheets';
import { linkedStylesheet, linkKeptStylesheets } from './stylesheetLinks';

const styles = ['/assets/signed-in-shared-Bbg.css', '/assets/signed-in-C1z.css'];
const note = (extra: Record<string, unknown>) => JSON.stringify({ fonts: [], arabic: false, svgImage: false, ...extra });
const links = () => [...document.head.querySelectorAll('link')];

afterEach(() => {
  vi.restoreAllMocks();
  links().forEach((link) => link.remove());
  localStorage.clear();
});

describe('kept stylesheets', () => {
  it('are the build\'s own same-origin stylesheets, at most 24', () => {
    expect(snapshotStylesheets([...styles, 7, 'https://evil.test/x.css', '//evil.test/a.css', '/assets/../x.css', '/other/a.css', 'javascript:alert(1)'])).toEqual(styles);
    expect(snapshotStylesheets(Array.from({ length: 30 }, (_, i) => `/assets/s${i}.css`))).toHaveLength(24);
    // A page that linked one twice (the first script's link and the bundler's) keeps it once.
    expect(snapshotStylesheets([...styles, ...styles])).toEqual(styles);
  });

  it('named by the warm-up note are linked in CORS mode, and whether each loaded is kept for the pre-paint', async () => {
    localStorage.setItem(storageKeys.chromeWarmUp, note({ styles: [styles[0], '//evil.test/a.css', styles[1]] }));
    // Kept out of happy-dom's document, which would refuse to load them: the test plays the browser.
    const linked: HTMLLinkElement[] = [];
    vi.spyOn(document.head, 'append').mockImplementation((...nodes) => void linked.push(...(nodes as HTMLLinkElement[])));
    linkKeptStylesheets();
    expect(linked.map((link) => [link.rel, link.crossOrigin, link.getAttribute('href')])).toEqual(styles.map((path) => ['stylesheet', '', path]));
    // One loads, one fails (a stale note after a deploy): the pre-paint learns each outcome, even after the fact.
    linked[0]!.dispatchEvent(new Event('load'));
    linked[1]!.dispatchEvent(new Event('error'));
    expect(await linkedStylesheet(styles[0]!)).toBe(true);
    expect(await linkedStylesheet(styles[1]!)).toBe(false);
    expect(linkedStylesheet('/assets/other.css')).toBeUndefined();
  });

  it.each([
    ['no note', null],
    ['a note kept before stylesheets were noted', note({})],
    ['not JSON', '{styles'],
    ['null', 'null'],
    ['styles not a list', note({ styles: '/assets/a.css' })],
  ])('are not linked with %s', (_, stored) => {
    if (stored !== null) localStorage.setItem(storageKeys.chromeWarmUp, stored);
    linkKeptStylesheets();
    expect(links()).toEqual([]);
  });
});
