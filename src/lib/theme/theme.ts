import { storageKeys } from '../storage/keys';
import { readLocal, removeLocal, writeLocal } from '../storage/localStore';

/**
 * SPEC §4/§5 themes. The known list: default, preview, preview-dark and preview-system (which
 * follows the system's dark-mode preference, live). A stored theme is used only when it is a
 * non-empty value from that list; any other value handed to the theme API is a programming error
 * and throws 'Only valid theme values can be used'.
 *
 * Applying a theme sets `data-theme` (the chosen theme) and `data-color-scheme` (light or dark,
 * after following the system for preview-system) on <html>; src/styles/global.css maps them to
 * the colour custom properties, which branding can override later.
 */
export const knownThemes = ['default', 'preview', 'preview-dark', 'preview-system'] as const;
export type Theme = (typeof knownThemes)[number];
export type ColorScheme = 'light' | 'dark';

export const defaultTheme: Theme = 'default';

/** Translation keys of the theme names (for a theme switch). */
export const themeLabelKeys = {
  default: 'ThemeDefault',
  preview: 'ThemePreview',
  'preview-dark': 'ThemePreviewDark',
  'preview-system': 'ThemePreviewSystem',
} as const satisfies Record<Theme, string>;

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && value !== '' && (knownThemes as readonly string[]).includes(value);
}

export function assertTheme(value: unknown): asserts value is Theme {
  if (!isTheme(value)) throw new Error('Only valid theme values can be used');
}

/** The stored theme when it is valid; an empty, unknown or unreadable value is ignored (SPEC §5). */
export function readStoredTheme(): Theme | null {
  const stored = readLocal(storageKeys.theme);
  return isTheme(stored) ? stored : null;
}

export function storeTheme(theme: Theme): void {
  assertTheme(theme);
  writeLocal(storageKeys.theme, theme);
}

export function clearStoredTheme(): void {
  removeLocal(storageKeys.theme);
}

export interface ServerTheme {
  themeEnabled: boolean;
  theme?: string | null | undefined;
}

/**
 * SPEC §4: a stored valid theme is used, otherwise the server default; when theme switching is
 * disabled the server theme applies. An unknown server value falls back to the default theme
 * (the server is not ours to crash on).
 */
export function chooseTheme(stored: Theme | null, server: ServerTheme | null): Theme {
  const serverTheme = isTheme(server?.theme) ? server.theme : defaultTheme;
  if (server && !server.themeEnabled) return serverTheme;
  return stored ?? serverTheme;
}

const darkQuery = '(prefers-color-scheme: dark)';

function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(darkQuery).matches;
}

export function colorSchemeOf(theme: Theme, prefersDark: boolean = systemPrefersDark()): ColorScheme {
  assertTheme(theme);
  if (theme === 'preview-dark') return 'dark';
  if (theme === 'preview-system') return prefersDark ? 'dark' : 'light';
  return 'light';
}

let stopFollowing: (() => void) | null = null;
let applied: Theme | null = null;
const listeners = new Set<(theme: Theme) => void>();

/**
 * Applies a theme to <html>. For preview-system a media-query listener keeps the colour scheme in
 * step with the system until another theme is applied.
 */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  assertTheme(theme);
  stopFollowing?.();
  stopFollowing = null;
  const set = (scheme: ColorScheme) => {
    root.dataset.theme = theme;
    root.dataset.colorScheme = scheme;
  };
  set(colorSchemeOf(theme));
  if (theme === 'preview-system' && typeof matchMedia === 'function') {
    const query = matchMedia(darkQuery);
    const onChange = (event: MediaQueryListEvent) => set(event.matches ? 'dark' : 'light');
    query.addEventListener('change', onChange);
    stopFollowing = () => query.removeEventListener('change', onChange);
  }
  applied = theme;
  for (const listener of listeners) listener(theme);
}

/** Chooses, stores and applies a theme (a theme switch). */
export function setTheme(theme: Theme): void {
  storeTheme(theme);
  applyTheme(theme);
}

/** Start-up: the stored valid theme, else the server's, else default. */
export function initTheme(server: ServerTheme | null = null): Theme {
  const theme = chooseTheme(readStoredTheme(), server);
  applyTheme(theme);
  return theme;
}

export function currentTheme(): Theme {
  return applied ?? readStoredTheme() ?? defaultTheme;
}

/** Notified after every applyTheme (for a theme switch that must show the current value). */
export function onThemeChange(listener: (theme: Theme) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
