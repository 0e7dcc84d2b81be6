import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { shellServer } from './server/shellPlugin.ts';
import { signedInChunking } from './build/signedInChunking.ts';
import { precompress } from './build/precompress.ts';
import { preloadDependencies } from './build/preloadDependencies.ts';

const port = Number(process.env.PORT ?? 4173);
const packageVersion = (JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }).version;

/**
 * react-router's package exports name only its development build (dev warnings on) whatever the
 * mode (remix-run/react-router#12532, #14102); a production build takes the production files it
 * ships beside them: no dev warnings, and 0.6 KB gzip less on every route.
 */
const reactRouterProduction = [
  { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
];

/**
 * The app (src/main.tsx) is imported by the page's first script (src/boot.ts) once the kept top bar
 * is painted, not with it: its evaluation is one long task the pre-paint must not wait behind. Its
 * files are still asked for with the page, as the entry's own imports are (modulepreload: fetched
 * and parsed, not run), and its stylesheets stay in the page's head, in the order the build
 * imports them (a chunk's imports first), so nothing loads later than it did as the entry.
 */
function preloadApp(): Plugin {
  return {
    name: 'trust-shell-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = new Map<string, { imports: string[]; css: string[] }>();
        let app: string | null = null;
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk') continue;
          chunks.set(output.fileName, { imports: output.imports, css: [...(output.viteMetadata?.importedCss ?? [])] });
          if (output.facadeModuleId?.endsWith('/src/main.tsx')) app = output.fileName;
        }
        if (!app) throw new Error('The build has no chunk for src/main.tsx');
        const scripts: string[] = [];
        const styles: string[] = [];
        const visit = (file: string) => {
          const chunk = chunks.get(file);
          if (!chunk || scripts.includes(file)) return;
          scripts.push(file);
          chunk.imports.forEach(visit);
          for (const css of chunk.css) if (!styles.includes(css)) styles.push(css);
        };
        visit(app);
        const absent = (file: string) => !html.includes(`"/${file}"`);
        return {
          html,
          tags: [
            ...scripts.filter(absent).map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })),
            ...styles.filter(absent).map((file) => ({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })),
          ],
        };
      },
    },
  };
}

const chunking = signedInChunking(fileURLToPath(new URL('.', import.meta.url)));
const preloads = preloadDependencies();

export default defineConfig(({ command }) => ({
  // The shell's build, shown in the user menu and on <html data-build> (a deploy names its own).
  define: { __APP_BUILD__: JSON.stringify(process.env.APP_BUILD ?? packageVersion) },
  plugins: [
    chunking.plugin,
    preloads.plugin,
    react(),
    shellServer(),
    preloadApp(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      includeAssets: ['favicon.svg', 'brand/default-logo.svg', 'icons/*.png'],
      manifest: {
        id: '/',
        name: 'trust-shell',
        short_name: 'trust-shell',
        description: 'The signed-in shell of the trust and privacy management platform',
        theme_color: '#0f5e6e',
        background_color: '#ffffff',
        display: 'standalone',
        // Installed on a desktop, the shell's own top bar is the window's title bar (shell.css
        // keeps it clear of the window buttons); elsewhere a plain standalone window.
        display_override: ['window-controls-overlay', 'standalone'],
        start_url: '/landing',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // The main places, from the installed app's icon: the landing page and the business screens.
        shortcuts: [
          { name: 'Home', short_name: 'Home', url: '/landing', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
          { name: 'Business screens', short_name: 'Screens', url: '/mfe-host/home', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The kill switch is deployed in place of sw.js, never cached by it.
        globIgnores: ['sw-retire.js'],
      },
      devOptions: { enabled: false },
    }),
    // Last: compresses what the others wrote, the service worker and manifest included.
    precompress(),
  ],
  resolve: { alias: command === 'build' ? reactRouterProduction : [] },
  build: {
    outDir: process.env.OUT_DIR ?? 'dist',
    // Maps are written for whoever debugs a build, but no file names them and the hosts never serve
    // them (server/shellPlugin, deploy/nginx): the shell's source is not the public's.
    sourcemap: 'hidden',
    manifest: true,
    // Every browser the build targets either follows modulepreload links itself or merely fetches
    // the files when imported: the polyfill (0.3 KB gzip on every page) only repeats the browser's work.
    // A lazy import preloads only what its importer has not loaded (build/preloadDependencies).
    modulePreload: { polyfill: false, resolveDependencies: preloads.resolveDependencies },
    target: 'es2022',
    rolldownOptions: {
      output: {
        // A module that starts a chunk is named `*.chunk.ts(x)` (tests/unit/houseRules.test.ts); its
        // file keeps the plain name, as before the convention.
        chunkFileNames: (chunk) => `assets/${chunk.name.replace(/\.chunk$/, '')}-[hash].js`,
        codeSplitting: {
          // The session, storage and pipeline modules every page starts with (the sign-in page
          // included) as one file rather than a dozen small ones: one request, and one gzip stream
          // instead of a header and import list per file (about 1.5 KB gzip on /auth).
          // With them, the small i18n, session and sign-in-page state modules both /auth and the
          // signed-in route start with (each was its own file of a few hundred bytes, about 1 KB
          // gzip of overhead together), and React with react-i18next. The theme, the warm-start check
          // and the update flag are imported both by the app and by the code it loads later: each
          // would otherwise be a file of its own now that the app (src/main.tsx) is not the entry.
          groups: [
            {
              name: 'shell-core',
              test: /\/src\/(session\/core\/(sessionDb|sessionChannel|claims|tokenClient|refresh|sessionSnapshot|sessionScope|refreshInFlight)|pipeline\/core\/|core\/(protocol|idbOpener|storageFallback|exclusively)|state\/jotai|lib\/storage\/|pipeline\/page\/(apiFetch|getValidated|inFlight)\.ts|lib\/i18n\/(runtime|translations|languageStore|direction|shellTextsLoader|dateLocale)\.ts|session\/page\/(sessionAtoms|samlUserType)\.ts|lib\/auth\/anonymousState\.ts|lib\/branding\/imageData\.ts|lib\/theme\/theme\.ts|startup\/page\/startKind\.ts|pwa\/updateState\.ts)/,
              priority: 10,
            },
            { name: 'react', test: /\/node_modules\/(react|react-i18next|use-sync-external-store)\/|\/node_modules\/jotai\/esm\/react/, priority: 10 },
            ...chunking.groups,
          ],
        },
      },
    },
  },
  server: { port, strictPort: true },
  preview: { port, strictPort: true },
}));
