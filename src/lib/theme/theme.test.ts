// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../storage/keys';
import { removeLocal, writeLocal } from '../storage/localStore';
import {
  applyTheme,
  assertTheme,
  chooseTheme,
  colorSchemeOf,
  currentTheme,
  initTheme,
  isTheme,
  knownThemes,
  onThemeChange,
  readStoredTheme,
  setTheme,
  storeTheme,
  type Theme,
} from './theme';

/** A controllable `(prefers-color-scheme: dark)` media query. */
function fakeSystem(dark: boolean) {
  const listeners = new Set<(event: { matches: boolean }) => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_type: string, listener: (event: { matches: boolean }) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: { matches: boolean }) => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', () => query);
  return {
    listeners,
    set(next: boolean) {
      dark = next;
      for (const listener of listeners) listener({ matches: next });
    },
  };
}

beforeEach(() => removeLocal(storageKeys.theme));
afterEach(() => {
  vi.unstubAllGlobals();
  applyTheme('default');
});

describe('theme values (SPEC §4/§5)', () => {
  it('knows default, preview, preview-dark and preview-system', () => {
    expect([...knownThemes]).toEqual(['default', 'preview', 'preview-dark', 'preview-system']);
  });

  it.each<[unknown, boolean]>([
    ['default', true],
    ['preview', true],
    ['preview-dark', true],
    ['preview-system', true],
    ['', false],
    [' preview', false],
    ['Preview', false],
    ['dark', false],
    ['preview-light', false],
    [null, false],
    [undefined, false],
    [1, false],
    [{}, false],
  ])('%j valid: %s', (value, valid) => {
    expect(isTheme(value)).toBe(valid);
    if (valid) expect(() => assertTheme(value)).not.toThrow();
    else expect(() => assertTheme(value)).toThrow(new Error('Only valid theme values can be used'));
  });

  it.each([['neon'], [''], ['PREVIEW']])('applying or storing %j throws', (value) => {
    expect(() => applyTheme(value as Theme)).toThrow('Only valid theme values can be used');
    expect(() => storeTheme(value as Theme)).toThrow('Only valid theme values can be used');
    expect(() => setTheme(value as Theme)).toThrow('Only valid theme values can be used');
  });
});

describe('stored theme (local key trust-shell.theme)', () => {
  it.each<[string | null, Theme | null]>([
    ['preview-dark', 'preview-dark'],
    ['preview', 'preview'],
    ['', null],
    ['   ', null],
    ['unknown', null],
    ['"preview"', null],
    [null, null],
  ])('stored %j → %j', (stored, expected) => {
    if (stored !== null) writeLocal(storageKeys.theme, stored);
    expect(readStoredTheme()).toBe(expected);
  });

  it('setTheme stores under trust-shell.theme', () => {
    setTheme('preview');
    expect(localStorage.getItem('trust-shell.theme')).toBe('preview');
  });
});

describe('chooseTheme (SPEC §4)', () => {
  it.each<[Theme | null, { themeEnabled: boolean; theme?: string } | null, Theme]>([
    ['preview-dark', null, 'preview-dark'],
    [null, null, 'default'],
    [null, { themeEnabled: true, theme: 'preview' }, 'preview'],
    ['preview-dark', { themeEnabled: true, theme: 'preview' }, 'preview-dark'],
    ['preview-dark', { themeEnabled: false, theme: 'preview' }, 'preview'],
    ['preview-dark', { themeEnabled: false }, 'default'],
    [null, { themeEnabled: true, theme: 'bogus' }, 'default'],
  ])('stored %j with server %j → %s', (stored, server, expected) => {
    expect(chooseTheme(stored, server)).toBe(expected);
  });

  it('initTheme applies the stored theme', () => {
    writeLocal(storageKeys.theme, 'preview-dark');
    expect(initTheme()).toBe('preview-dark');
    expect(document.documentElement.dataset.theme).toBe('preview-dark');
    expect(currentTheme()).toBe('preview-dark');
  });
});

describe('applying a theme', () => {
  it.each<[Theme, boolean, string]>([
    ['default', false, 'light'],
    ['default', true, 'light'],
    ['preview', true, 'light'],
    ['preview-dark', false, 'dark'],
    ['preview-system', false, 'light'],
    ['preview-system', true, 'dark'],
  ])('%s with system dark %s → %s', (theme, dark, scheme) => {
    expect(colorSchemeOf(theme, dark)).toBe(scheme);
    fakeSystem(dark);
    applyTheme(theme);
    expect(document.documentElement.dataset.theme).toBe(theme);
    expect(document.documentElement.dataset.colorScheme).toBe(scheme);
  });

  it('preview-system follows the system live, and stops when another theme is applied', () => {
    const system = fakeSystem(false);
    applyTheme('preview-system');
    expect(document.documentElement.dataset.colorScheme).toBe('light');
    system.set(true);
    expect(document.documentElement.dataset.colorScheme).toBe('dark');
    system.set(false);
    expect(document.documentElement.dataset.colorScheme).toBe('light');
    applyTheme('preview');
    expect(system.listeners.size).toBe(0);
    system.set(true);
    expect(document.documentElement.dataset.colorScheme).toBe('light');
  });

  it('tells listeners', () => {
    const seen: Theme[] = [];
    const stop = onThemeChange((theme) => seen.push(theme));
    applyTheme('preview');
    stop();
    applyTheme('default');
    expect(seen).toEqual(['preview']);
  });
});
