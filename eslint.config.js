// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const zodMini = { name: 'zod', message: "Use 'zod/mini' in the app (bundle budget)." };

/** A folder's import rule: zod/mini everywhere in the app, plus the folder's own layer patterns. */
function layer(files, patterns) {
  return { files: [files].flat(), rules: { 'no-restricted-imports': ['error', { paths: [zodMini], patterns }] } };
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
  // A concept's folder (src/session, src/pipeline, src/firstPaint, src/outbox, src/startup) holds
  // one folder per role: core/ is held to core's rules, page/ to lib's, worker/ to sw's, and
  // screens/ to the features'.
  layer(['src/core/**/*.ts', 'src/*/core/**/*.ts'], [
    { group: ['react', 'react-*', 'react/*', 'jotai', 'jotai/*'], message: 'core is DOM- and React-free: it runs in the service worker and the workers too.' },
    { regex: '(^|/)(lib|features|app|components|state|pwa|config|page|screens|worker)/', message: 'core imports only core (src/core and the concepts\' core/).' },
  ]),
  layer(['src/lib/**/*.{ts,tsx}', 'src/*/page/**/*.{ts,tsx}'], [
    { regex: '(^|/)(features|app|screens)/', message: 'lib and a concept\'s page/ sit below app and the screens: take the value as a parameter, or move it to config/ or core/.' },
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
        { name: 'fetch', message: 'Platform calls go through the pipeline (pipeline/page/apiFetch); other fetches live in the module that owns that endpoint (see eslint.config.js).' },
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
      'src/session/core/dpop.ts',
      'src/pipeline/core/pipelineFetch.ts',
      'src/session/core/tokenClient.ts',
      'src/session/core/discardTokens.ts',
      'src/session/core/loginEndpoints.ts',
      'src/pipeline/core/platformCall.ts',
      'src/config/loadRuntimeConfig.ts',
      'src/lib/i18n/tenantTranslations.ts',
      'src/lib/sales/salesApi.ts',
      'src/lib/auth/ssoFlow.chunk.ts',
      'src/lib/auth/userInfo.ts',
      'sw/manifestRoute.ts',
      'src/firstPaint/worker/server.ts',
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
    // sw/, workers/ and the concepts' worker/ run without React and must not reach into the UI layers.
    files: ['sw/**/*.ts', 'workers/**/*.ts', 'src/*/worker/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: "Use 'zod/mini'." }],
          patterns: ['react', 'react-*', 'jotai', '**/app/**', '**/features/**', '**/lib/**', '**/page/**', '**/screens/**', '**/*.tsx'],
        },
      ],
    },
  },
  { files: ['eslint.config.js'], ...tseslint.configs.disableTypeChecked },
);
