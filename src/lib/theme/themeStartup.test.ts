// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../state/jotai';
import { themeEnabledAtom } from '../state/signedInState';
import { storageKeys } from '../storage/keys';
import { removeLocal, writeLocal } from '../storage/localStore';
import { applyTheme } from './theme';
import { loadSignedInTheme } from './themeStartup';

const answer = vi.hoisted(() => ({ current: null as (() => Promise<Response>) | null }));
vi.mock('../../pipeline/page/apiFetch', () => ({
  apiFetch: vi.fn((path: string) => {
    if (path !== '/api/atlas/v1/theme') throw new Error(`unexpected call ${path}`);
    if (!answer.current) throw new TypeError('Failed to fetch');
    return answer.current();
  }),
}));

const json = (body: unknown, status = 200) => () => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

beforeEach(() => {
  removeLocal(storageKeys.theme);
  appStore.set(themeEnabledAtom, true);
});
afterEach(() => {
  answer.current = null;
  applyTheme('default');
});

describe('loadSignedInTheme (SPEC §4, §8)', () => {
  it.each<[string, string | null, (() => Promise<Response>) | null, boolean, string]>([
    ['switching on: the stored theme', 'preview-dark', json({ themeEnabled: true, theme: 'preview' }), true, 'preview-dark'],
    ['switching on, nothing stored: the server default', null, json({ themeEnabled: true, theme: 'preview' }), true, 'preview'],
    ['an invalid stored theme: the server default', 'neon', json({ themeEnabled: true, theme: 'preview-system' }), true, 'preview-system'],
    ['switching off: the server theme', 'preview', json({ themeEnabled: false, theme: 'preview-dark' }), false, 'preview-dark'],
    ['a network failure: off, with the stored theme', 'preview', null, false, 'preview'],
    ['a 500: off, with the default theme', null, json({ code: 'x' }, 500), false, 'default'],
    ['a theme off the contract: a failed call', 'preview', json({ themeEnabled: true, theme: 'neon' }), false, 'preview'],
    ['a body off the contract: a failed call', null, json({ themeEnabled: 'yes', theme: 'preview' }), false, 'default'],
  ])('%s', async (_what, stored, response, enabled, theme) => {
    if (stored !== null) writeLocal(storageKeys.theme, stored);
    answer.current = response;
    await loadSignedInTheme();
    expect(appStore.get(themeEnabledAtom)).toBe(enabled);
    expect(document.documentElement.dataset.theme).toBe(theme);
    // The server's theme is applied, never stored as the member's choice.
    expect(localStorage.getItem(storageKeys.theme)).toBe(stored);
  });
});
