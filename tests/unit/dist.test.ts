import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/** Checks over the production build (run `npm run build` first; `npm test` does). OUT_DIR names another. */
const dist = new URL(`../../${process.env.OUT_DIR ?? 'dist'}/`, import.meta.url);
const read = (path: string) => readFileSync(new URL(path, dist), 'utf8');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

function viteManifest(): Record<string, ManifestChunk> {
  return JSON.parse(read('.vite/manifest.json')) as Record<string, ManifestChunk>;
}

/** Every JS file a route needs before it can render: the entry, the route's chunk, their static imports. */
export function jsClosure(manifest: Record<string, ManifestChunk>, keys: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return [...files];
}

describe('the production build', () => {
  it('exists', () => {
    expect(existsSync(new URL('index.html', dist)), 'dist/ is missing: run npm run build').toBe(true);
  });

  it('has a web app manifest Chromium can install from', () => {
    const manifest = JSON.parse(read('manifest.webmanifest')) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: 'trust-shell', short_name: 'trust-shell', display: 'standalone', start_url: '/landing' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    const icons = manifest.icons as { src: string; sizes: string; purpose?: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`)).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of icons) expect(existsSync(new URL(`.${icon.src}`, dist)), icon.src).toBe(true);
    expect(read('index.html')).toContain('manifest.webmanifest');
  });

  it('installed, asks for the title-bar area (else standalone) and offers shortcuts to the main places', () => {
    const manifest = JSON.parse(read('manifest.webmanifest')) as { display_override?: string[]; shortcuts?: { name: string; url: string; icons?: unknown[] }[] };
    expect(manifest.display_override).toEqual(['window-controls-overlay', 'standalone']);
    const shortcuts = manifest.shortcuts ?? [];
    expect(shortcuts.length).toBeGreaterThanOrEqual(2);
    for (const shortcut of shortcuts) {
      expect(shortcut.name, JSON.stringify(shortcut)).not.toBe('');
      expect(shortcut.url, JSON.stringify(shortcut)).toMatch(/^\/(landing|mfe-host)/);
    }
  });

  it('installed with the title-bar area, the top bar is the title bar: inside its env() insets, draggable, clickable', () => {
    // Chromium's headless mode cannot emulate display-mode: window-controls-overlay, so the built rule is read.
    const css = readdirSync(new URL('assets/', dist))
      .filter((name) => name.endsWith('.css'))
      .map((name) => read(`assets/${name}`))
      .join('\n');
    const block = /@media \(display-mode: ?window-controls-overlay\)\{(.*?\})\}/s.exec(css)?.[1] ?? '';
    const bar = /\.shell__bar\{([^}]*)\}/.exec(block)?.[1] ?? '';
    for (const inset of ['titlebar-area-x', 'titlebar-area-width', 'titlebar-area-height']) expect(bar, inset).toContain(`env(${inset}`);
    expect(bar).toContain('app-region:drag');
    expect(block).toMatch(/\.shell__bar :is\(button,[^)]*\)\{app-region:no-drag\}/);
  });

  it('scopes every stylesheet but the page’s own under a class, so one linked early styles nothing else', () => {
    // The page's first script links the kept bar's stylesheets (firstPaint/page/stylesheetLinks) before
    // it is known whether the signed-in layout will show: a rule outside its classes would then
    // style the sign-in page too. index.html's own stylesheet holds the global rules.
    const html = read('index.html');
    const unscoped: string[] = [];
    for (const file of readdirSync(new URL('assets/', dist)).filter((f) => f.endsWith('.css'))) {
      if (html.includes(`/assets/${file}`)) continue;
      const css = read(`assets/${file}`).replace(/\/\*[\s\S]*?\*\//g, '');
      for (const [, selectors] of css.matchAll(/([^{}]+)\{/g)) {
        const list = selectors!.trim();
        // At-rules and keyframe steps are not selectors.
        if (list.startsWith('@') || /^(from|to|[\d.]+%)(,|$)/.test(list)) continue;
        for (const selector of list.split(/,(?![^()]*\))/)) if (!/\.[A-Za-z_-]/.test(selector)) unscoped.push(`${file}: ${selector.trim()}`);
      }
    }
    expect(unscoped).toEqual([]);
  });

  it('has a service worker whose precache list holds index.html and every entry chunk', () => {
    const sw = read('sw.js');
    expect(sw).toMatch(/"?url"?:\s*"index\.html"/);
    const entry = Object.values(viteManifest()).find((c) => c.isEntry);
    expect(entry).toBeDefined();
    expect(sw).toContain(entry!.file);
    expect(sw).not.toContain('self.__WB_MANIFEST');
  });

  it('has a .br and a .gz beside every text file, each the file itself compressed (what the hosts send)', () => {
    const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => !f.split('/').some((part) => part.startsWith('.')));
    const text = files.filter((f) => /\.(?:js|css|html|svg|json|webmanifest)$/.test(f));
    expect(text).toEqual(expect.arrayContaining(['index.html', 'sw.js', 'manifest.webmanifest', 'favicon.svg']));
    const missing: string[] = [];
    for (const file of text) {
      const body = readFileSync(new URL(file, dist));
      for (const [ext, decode] of [['br', brotliDecompressSync], ['gz', gunzipSync]] as const) {
        const sibling = new URL(`${file}.${ext}`, dist);
        // Left out only where compression would not make the file smaller.
        if (!existsSync(sibling)) {
          missing.push(`${file}.${ext}`);
          continue;
        }
        const packed = readFileSync(sibling);
        expect(packed.length, `${file}.${ext}`).toBeLessThan(body.length);
        expect(decode(packed).equals(body), `${file}.${ext}`).toBe(true);
      }
    }
    // Only files too small to gain (a few hundred bytes at most) go without.
    expect(missing.filter((f) => statSync(new URL(f.replace(/\.(br|gz)$/, ''), dist)).size > 200)).toEqual([]);
    // No sibling of a source map or of the build's metadata: neither is served.
    expect(files.filter((f) => /\.map\.(br|gz)$/.test(f))).toEqual([]);
  });

  // What /auth needs before it shows: the entry, the page and their static imports. What a first
  // visit loads besides (the signed-out shell texts; workbox-window and the update watch only once a
  // worker controls the page, tests/e2e/pwa.spec.ts) is counted as the browser loads it by
  // tests/e2e/budgets.spec.ts and `npm run bench`.
  it('loads at most 150 KB of JavaScript for /auth, counted as a browser is sent it (brotli; a gzip-only client gets more)', () => {
    const manifest = viteManifest();
    const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
    // The entry (src/boot.ts, the pre-paint) imports the app as soon as it has run; index.html preloads it.
    const appKey = Object.keys(manifest).find((k) => k.endsWith('src/main.tsx'));
    expect(appKey, 'the app is its own chunk').toBeDefined();
    const authKey = Object.keys(manifest).find((k) => k.endsWith('features/auth/AuthPage.chunk.tsx'));
    expect(authKey, 'the /auth page is its own chunk').toBeDefined();
    const files = jsClosure(manifest, [entryKey, appKey!, authKey!]);
    // What the hosts send: the precompressed sibling, or the file itself where there is none.
    const sent = (file: string, ext: 'br' | 'gz') => statSync(new URL(existsSync(new URL(`${file}.${ext}`, dist)) ? `${file}.${ext}` : file, dist)).size;
    const gzipBytes = files.reduce((sum, file) => sum + sent(file, 'gz'), 0);
    const brotliBytes = files.reduce((sum, file) => sum + sent(file, 'br'), 0);
    console.info(`/auth JavaScript: ${(gzipBytes / 1024).toFixed(1)} KB gzip, ${(brotliBytes / 1024).toFixed(1)} KB brotli in ${files.length} files`);
    // The bytes actually sent (issue 47): every browser the shell supports asks for brotli, and the
    // hosts send the .br. What a gzip-only client gets is printed above, beside it.
    expect(brotliBytes).toBeLessThanOrEqual(150 * 1024);
    expect(brotliBytes).toBeLessThan(gzipBytes);
  });
});
