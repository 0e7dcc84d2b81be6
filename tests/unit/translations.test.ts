import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The catalogue the platform emulator serves (SPEC §3 Translations: default language en-us; a missing key
// shows the key itself, so an unknown key in the UI is a bug this test catches before a user sees it).
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const catalogueDir = join(repoRoot, 'emulator/data/translations');
const languages = ['en-us', 'de-de', 'ar'] as const;
type Language = (typeof languages)[number];
type Catalogue = Record<string, string>;

/** Keys whose values may hold simple HTML (SPEC §2: the product-improvements modal has an HTML description). */
const htmlKeys = new Set(['ProductImprovementsDescription']);

function loadCatalogue(language: Language): Catalogue {
  const raw: unknown = JSON.parse(readFileSync(join(catalogueDir, `${language}.json`), 'utf8'));
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new Error(`${language}.json is not a JSON object`);
  }
  const catalogue: Catalogue = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value !== 'string') throw new Error(`${language}.json: value of ${key} is not a string`);
    catalogue[key] = value;
  }
  return catalogue;
}

/** i18next `{{name}}` / `{{name, format}}` interpolation variables, sorted and de-duplicated. */
function variablesOf(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)) {
    const name = match[1];
    if (name !== undefined) names.add(name);
  }
  return [...names].sort();
}

const catalogues = Object.fromEntries(languages.map((language) => [language, loadCatalogue(language)])) as Record<
  Language,
  Catalogue
>;
const english = catalogues['en-us'];
const englishKeys = Object.keys(english).sort();

describe('translation catalogue', () => {
  it.each(languages)('%s.json is a non-empty flat map of string to string', (language) => {
    expect(Object.keys(catalogues[language]).length).toBeGreaterThan(100);
  });

  it.each(languages)('%s.json has exactly the same keys as en-us.json', (language) => {
    expect(Object.keys(catalogues[language]).sort()).toEqual(englishKeys);
  });

  it('uses PascalCase keys', () => {
    const bad = englishKeys.filter((key) => !/^[A-Z][A-Za-z0-9]*$/.test(key));
    expect(bad).toEqual([]);
  });

  it.each(languages)('%s.json has no empty or padded values', (language) => {
    const bad = Object.entries(catalogues[language])
      .filter(([, value]) => value.trim() === '' || value !== value.trim())
      .map(([key]) => key);
    expect(bad).toEqual([]);
  });

  it.each(languages)('%s.json has balanced interpolation braces', (language) => {
    const bad = Object.entries(catalogues[language])
      .filter(([, value]) => /[{}]/.test(value.replace(/\{\{\s*[^{}]+\}\}/g, '')))
      .map(([key]) => key);
    expect(bad).toEqual([]);
  });

  it.each(languages.filter((language) => language !== 'en-us'))(
    '%s.json uses the same interpolation variables as en-us.json for every key',
    (language) => {
      const mismatches = englishKeys
        .filter((key) => variablesOf(english[key] ?? '').join() !== variablesOf(catalogues[language][key] ?? '').join())
        .map((key) => `${key}: en-us {${variablesOf(english[key] ?? '').join()}} vs ${language} {${variablesOf(catalogues[language][key] ?? '').join()}}`);
      expect(mismatches).toEqual([]);
    },
  );

  it.each(languages)('%s.json holds HTML only where the spec implies it, and only simple tags', (language) => {
    const bad: string[] = [];
    for (const [key, value] of Object.entries(catalogues[language])) {
      const tags = value.match(/<[^>]*>/g) ?? [];
      if (!htmlKeys.has(key)) {
        if (/[<>]/.test(value)) bad.push(`${key}: HTML not allowed`);
        continue;
      }
      for (const tag of tags) {
        if (!/^<\/?p>$|^<\/a>$|^<a href="https:\/\/[^"\s<>]+">$/.test(tag)) bad.push(`${key}: ${tag}`);
      }
      if (value.replace(/<[^>]*>/g, '').match(/[<>]/)) bad.push(`${key}: stray angle bracket`);
    }
    expect(bad).toEqual([]);
  });

  it('ar.json is really Arabic: every value contains Arabic script', () => {
    const bad = Object.entries(catalogues.ar)
      .filter(([, value]) => !/[\u0600-\u06FF]/.test(value))
      .map(([key]) => key);
    expect(bad).toEqual([]);
  });

  it('de-de.json is really German: few values are copied from English unchanged', () => {
    // Some words are the same in both (Version, Sandbox, Offline…); a placeholder copy would be most of them.
    const same = englishKeys.filter((key) => catalogues['de-de'][key] === english[key]);
    expect(same.length / englishKeys.length).toBeLessThan(0.1);
  });

  it('holds every key the spec names', () => {
    const specKeys = [
      'PageNotFound', 'SorryCantFindPage', 'BackToApplication', 'SessionTimeout', 'Logout', 'ContinueSession',
      'StartTrial', 'BuyNow', 'Close', 'Cancel', 'Submit', 'TrialComplete', 'TrialSubmit', 'ContactSalesForm',
      'RequestReceived', 'CheckYourInbox', 'ScheduledMaintenance', 'LocalTime', 'MoreInformation', 'DoNotShowAgain',
      'Continue', 'NewBenchmarkingFeature', 'DoNotShowAgainLabel', 'RemindMeLater', 'LearnMore',
      'SalesforceCaseError', 'ContactSalesCaseError', 'TrialUpgradeCaseError', 'RequestRenewalCaseError',
      'PleaseEnterYourFirstName', 'PleaseEnterYourLastName', 'ErrorEnterValidEmailAddress', 'ShowingXOfY',
      'ItemsPerPage', 'PerPage', 'DateErrorParse', 'DateErrorMin', 'DateErrorMax', 'DateErrorFilter',
      'DateErrorStartDateInvalid', 'DateErrorEndDateInvalid',
    ];
    expect(specKeys.filter((key) => !(key in english))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Every key the app source uses must exist in en-us.json.

const srcDir = join(repoRoot, 'src');

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      files.push(path);
    }
  }
  return files;
}

/**
 * Literal translation keys in a source text:
 * - the first argument of `t('Key'`, `t("Key"`, `` t(`Key` `` (also `i18n.t(…)`), template literals with `${` skipped;
 * - `i18nKey="Key"` / `i18nKey={'Key'}` (react-i18next `<Trans>`);
 * - PascalCase string literals assigned to a `…MessageKey`, `…TitleKey`, `…LabelKey`, `…TextKey`,
 *   `…DescriptionKey`, `…ErrorKey` or `…TranslationKey` name (`messageKey: ok ? 'A' : 'B'`), the
 *   convention for keys chosen in logic and translated later.
 */
function keysUsedIn(text: string): string[] {
  const keys = new Set<string>();
  for (const match of text.matchAll(/\bt\(\s*(['"`])((?:(?!\1)[^\\\n])+)\1/g)) {
    const key = match[2];
    if (key !== undefined && !(match[1] === '`' && key.includes('${'))) keys.add(key);
  }
  for (const match of text.matchAll(/\bi18nKey\s*=\s*\{?\s*(['"`])((?:(?!\1)[^\\\n])+)\1/g)) {
    if (match[2] !== undefined) keys.add(match[2]);
  }
  const keyNamed = /\b\w*(?:[mM]essage|[tT]itle|[lL]abel|[tT]ext|[dD]escription|[eE]rror|[tT]ranslation)Key\s*[:=]\s*([^,;\n}]*)/g;
  for (const match of text.matchAll(keyNamed)) {
    for (const literal of (match[1] ?? '').matchAll(/(['"])([A-Z][A-Za-z0-9]*)\1/g)) {
      if (literal[2] !== undefined) keys.add(literal[2]);
    }
  }
  return [...keys];
}

describe('translation keys used in src/', () => {
  it('finds keys in the supported forms', () => {
    const sample = [
      "t('PageNotFound')",
      't("SignIn", { x })',
      'i18n.t(`Loading`)',
      't(`Dynamic${x}`)',
      '<Trans i18nKey="LearnMore" />',
      "{ kind: 'error', messageKey: ok ? 'WrongEmailOrPassword' : 'SignInFailed' }",
      "split('x'); import('./y'); new Set('z')",
    ].join('\n');
    expect(keysUsedIn(sample).sort()).toEqual(['LearnMore', 'Loading', 'PageNotFound', 'SignIn', 'SignInFailed', 'WrongEmailOrPassword']);
  });

  // src/ may still be nearly empty: no files simply means nothing to check.
  const usages = sourceFiles(srcDir).flatMap((file) =>
    keysUsedIn(readFileSync(file, 'utf8')).map((key) => ({ key, file: relative(repoRoot, file) })),
  );

  it('uses only keys that exist in en-us.json', () => {
    const unknown = usages.filter(({ key }) => !(key in english)).map(({ key, file }) => `${file}: ${key}`);
    expect(unknown).toEqual([]);
  });
});
