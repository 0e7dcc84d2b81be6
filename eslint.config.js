// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const zodMini = { name: 'zod', message: "Use 'zod/mini' in the app (bundle budget)." };

/** A folder's import rule: zod/mini everywhere in the app, plus the folder's own layer patterns. */
function layer(files, patterns) {
  return { files: [files], rules: { 'no-restricted-imports': ['error', { paths: [zodMini], patterns }] } };
}

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', 'node_modules/**', '.npm/**', '.cache/**', 'test-results/**', 'playwright-report/**', 'public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Layers: core ← lib ← app/features, and the UI kit (components) below the domain. One
  // no-restricted-imports per folder (a later block's rule replaces an earlier one's, so each
  // repeats the zod/mini rule the whole app keeps: full zod alone costs ~30 KB gzip on /auth).
  layer('src/**/*.{ts,tsx}', []),
  layer('src/core/**/*.ts', [
    { group: ['react', 'react-*', 'react/*', 'jotai', 'jotai/*'], message: 'core is DOM- and React-free: it runs in the service worker and the workers too.' },
    { regex: '(^|/)(lib|features|app|components|state|pwa|config)/', message: 'core imports only core.' },
  ]),
  layer('src/lib/**/*.{ts,tsx}', [
    { regex: '(^|/)(features|app)/', message: 'lib sits below app and features: take the value as a parameter, or move it to config/ or core/.' },
    { regex: '(^|/)components/', message: 'lib reaches the UI through lib/notify (toasts) or values the UI reads, never the kit itself.' },
  ]),
  layer('src/components/**/*.{ts,tsx}', [
    {
      regex: '(^|/)(features|app|core)/|(^|/)lib/(?!datetime/|validation/|safeContent/)',
      message: 'The UI kit takes domain values as props or context; of lib it uses only formatting (datetime), validation and safe content.',
    },
  ]),
  {
    // The shell's host serves the emulator from its own folder, never from the tests.
    files: ['server/**/*.ts', 'emulator/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)tests/', message: 'Tests import from here, not the other way round.' }] }] },
  },
  layer('src/pwa/**/*.{ts,tsx}', [{ regex: '(^|/)(app|features)/', message: 'pwa sits below app and features.' }]),
  {
    // Raw browser I/O only in the modules that own it.
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts', 'workers/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.testSupport.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'localStorage', message: 'Use lib/storage/localStore (in-memory fall-back, reported).' },
        { name: 'sessionStorage', message: 'Use lib/storage/localStore (readTab/writeTab/clearTab).' },
        { name: 'indexedDB', message: 'Use core/idbOpener.' },
        { name: 'fetch', message: 'Platform calls go through the pipeline (lib/api/apiFetch); other fetches live in the module that owns that endpoint (see eslint.config.js).' },
      ],
    },
  },
  {
    // The owners of a raw fetch (and ssoFlow of its own sessionStorage: the PKCE request must fail
    // loudly when that storage is refused, since an in-memory copy would not survive the redirect
    // it is for): the pipeline itself, the token endpoint (the browser's own call), the token
    // revocation and logout of a dropped answer, the configuration file (the page's loader, and the
    // login endpoints' check in the service worker), the platform call handed
    // to the controlling service worker (platformCall), the seed translations (another origin), the
    // CRM web-to-lead post (another origin, no token), OIDC discovery and user-info, the service worker's
    // manifest and its navigations of other applications' paths (sent to the server as they are),
    // and the DPoP transport (oauth4webapi sends the pipeline's prepared calls and the
    // grants with their proofs through it).
    files: [
      'src/core/session/dpop.ts',
      'src/core/pipeline/pipelineFetch.ts',
      'src/core/session/tokenClient.ts',
      'src/core/session/discardTokens.ts',
      'src/core/session/loginEndpoints.ts',
      'src/core/pipeline/platformCall.ts',
      'src/config/loadRuntimeConfig.ts',
      'src/lib/i18n/tenantTranslations.ts',
      'src/lib/sales/salesApi.ts',
      'src/lib/auth/ssoFlow.ts',
      'src/lib/auth/userInfo.ts',
      'sw/manifestRoute.ts',
      'sw/keptChromeRoute.ts',
    ],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'localStorage', message: 'Use lib/storage/localStore.' },
        { name: 'indexedDB', message: 'Use core/idbOpener.' },
      ],
    },
  },
  {
    // sw/ and workers/ run without React and must not reach into the UI layers.
    files: ['sw/**/*.ts', 'workers/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: "Use 'zod/mini'." }], patterns: ['react', 'react-*', 'jotai', '**/app/**', '**/features/**', '**/lib/**', '**/*.tsx'] },
      ],
    },
  },
  { files: ['eslint.config.js'], ...tseslint.configs.disableTypeChecked },
);
