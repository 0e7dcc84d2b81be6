import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { entryFor, goesAt, inventory, type Area } from '../../src/core/inventory/inventory.ts';
import { cacheNames, databases, locks, channels } from '../../src/core/protocol.ts';
import { chromeSnapshotKey, keptOrganisationKey, proofClockKey, sessionKeys } from '../../src/session/core/sessionKeys.ts';
import { storageKeys, storagePrefix } from '../../src/lib/storage/keys.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const kv = `${databases.session.name}/${databases.session.stores.kv}/`;
const catchAll = storagePrefix;

/**
 * A constant's string value, read from its module's text (those modules need the browser's types,
 * which this project has not): `name = '…'`, or a property `name: '…'`.
 */
function constant(file: string, name: string): string {
  const match = new RegExp(`\\b${name}\\s*[=:]\\s*'([^']+)'`).exec(readFileSync(join(repoRoot, file), 'utf8'));
  if (!match) throw new Error(`${file} no longer defines ${name}`);
  return match[1]!;
}
const lastKnownStateKey = constant('src/startup/page/startKind.ts', 'lastKnownStateKey');
const refreshInFlightKey = constant('src/session/core/refresh.ts', 'refreshInFlightKey');
const languagesKey = constant('src/lib/i18n/languages.ts', 'languagesKey');
const signedInPrefixes = { v2: constant('src/lib/i18n/translations.ts', 'v2'), module: constant('src/lib/i18n/translations.ts', 'module') };
// storedKeys (lib/i18n/translations): the anonymous catalogue's key is spelt in its template.
const anonymousCatalogue = /`(translations:v1:)\$\{/.exec(readFileSync(join(repoRoot, 'src/lib/i18n/translations.ts'), 'utf8'))?.[1] ?? 'missing';
const storedKeys = {
  v1: (lang: string, tenantId: string) => `${anonymousCatalogue}${lang}:${tenantId}`,
  v2: (lang: string, owner: { tenantId: string; memberGuid: string }) => `${signedInPrefixes.v2}${lang}:${owner.tenantId}:${owner.memberGuid}`,
  module: (module: string, lang: string, tenantId: string) => `${signedInPrefixes.module}${module}:${lang}:${tenantId}`,
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$|testSupport/.test(name) ? [path] : [];
  });
}
const files = ['src', 'sw', 'workers'].flatMap((dir) => sourceFiles(join(repoRoot, dir)));

/** A name's own entry: found, and not only the catch-all for a remote's unknown keys. */
function listed(area: Area, name: string): boolean {
  const entry = entryFor(area, name);
  return entry !== null && !(area === 'localStorage' && entry.name === catchAll);
}

/**
 * Every key expression a source writes into the session store with, by file, and the name it
 * stands for. A new write fails the scan below until it is added here (and to the inventory).
 */
const owner = { tenantId: 't', memberGuid: 'm' };
const kvWrites: Record<string, string> = {
  'src/lib/auth/ssoFlow.chunk.ts: sessionKeys.authClient': sessionKeys.authClient,
  'src/session/page/startSession.ts: sessionKeys.authClient': sessionKeys.authClient,
  'src/firstPaint/page/writer.ts: chromeSnapshotKey': chromeSnapshotKey,
  'src/lib/orgTree/keptOrganisation.ts: keptOrganisationKey': keptOrganisationKey,
  'src/session/page/session.ts: sessionKeys.proofKey': sessionKeys.proofKey,
  'src/session/page/session.ts: sessionKeys.auth': sessionKeys.auth,
  'src/session/page/session.ts: sessionKeys.accessToken': sessionKeys.accessToken,
  'src/session/page/session.ts: sessionKeys.refreshedAt': sessionKeys.refreshedAt,
  'src/session/page/session.ts: sessionKeys.idToken': sessionKeys.idToken,
  'src/startup/page/lastKnownState.ts: key': lastKnownStateKey,
  'src/lib/i18n/tenantTranslations.ts: key': storedKeys.v2('en-us', owner),
  'src/lib/i18n/languages.ts: languagesKey': languagesKey,
  'src/lib/i18n/languageStore.ts: sessionKeys.language': sessionKeys.language,
  'src/lib/i18n/translations.ts: key': storedKeys.v1('en-us', 't'),
  'src/session/core/refresh.ts: refreshInFlightKey': refreshInFlightKey,
  'src/session/core/proofClock.ts: proofClockKey': proofClockKey,
  'src/session/core/proofNonce.ts: sessionKeys.proofNonce': sessionKeys.proofNonce,
};

describe('the inventory of what the shell keeps (src/core/inventory)', () => {
  it('gives every entry a scope and a lifetime', () => {
    const scopes = ['device', 'member', 'member-scope', 'tab'];
    const lifetimes = ['kept', 'session', 'member-return', 'tab'];
    expect(inventory.filter((entry) => !scopes.includes(entry.scope) || !lifetimes.includes(entry.lifetime) || !entry.what).map((e) => e.name)).toEqual([]);
  });

  it('lists every session-store key a source writes', () => {
    const unknown: string[] = [];
    for (const file of files) {
      const path = relative(repoRoot, file);
      if (path === 'src/session/core/sessionDb.ts') continue; // the store itself
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/writeKv\(\s*([^,]+),|writeKv(?:If|ForScope)\(\s*\{\s*\[([^\]]+)\]/g)) {
        const expression = `${path}: ${(match[1] ?? match[2] ?? '').trim()}`;
        if (!(expression in kvWrites)) unknown.push(expression);
      }
    }
    expect(unknown).toEqual([]);
    // The refresh's own write (replaceAuthIfCurrent) and the prefixes the page clears by.
    const names = [...Object.values(kvWrites), ...Object.values(sessionKeys), storedKeys.module('m', 'en-us', 't'), ...Object.values(signedInPrefixes)];
    expect(names.filter((name) => !listed('indexedDB', kv + name))).toEqual([]);
  });

  it('lists every local- and session-storage key a source names, and every key under the product prefix a source spells out', () => {
    const named = [...Object.values(storageKeys), `${storagePrefix}draft.form.user.tenant`];
    expect(named.filter((name) => !listed('localStorage', name) && !listed('sessionStorage', name))).toEqual([]);
    const crossContext = new Set<string>([...Object.values(locks), ...Object.values(channels)]);
    const spelt: string[] = [];
    for (const file of files) {
      for (const match of readFileSync(file, 'utf8').matchAll(/['"`](trust-shell\.[A-Za-z0-9_.-]+)/g)) {
        const name = match[1]!;
        if (!crossContext.has(name) && !listed('localStorage', name) && !listed('sessionStorage', name)) spelt.push(`${relative(repoRoot, file)}: ${name}`);
      }
    }
    expect(spelt).toEqual([]);
  });

  it('lists every database store and cache the protocol names', () => {
    const stores = Object.values(databases).flatMap((db) => Object.values(db.stores).map((store) => `${db.name}/${store}`));
    expect(stores.filter((store) => store !== `${databases.session.name}/${databases.session.stores.kv}` && !listed('indexedDB', store))).toEqual([]);
    expect([`${cacheNames.apiPrefix}:member`, cacheNames.config, `workbox-${cacheNames.precache}-scope`].filter((name) => !listed('cacheStorage', name))).toEqual([]);
  });

  it('has a switch (tenant, group, role) take exactly one scope\'s kept copies: never the session, device or waiting writes', () => {
    const going = (area: Area, name: string) => goesAt(entryFor(area, name)!, 'switch');
    // Every entry a switch takes is one scope's; every one-scope copy that goes with the session goes at a switch.
    expect(inventory.filter((entry) => goesAt(entry, 'switch') !== (entry.scope === 'member-scope' && entry.lifetime === 'session')).map((e) => e.name)).toEqual([]);
    expect(going('indexedDB', kv + lastKnownStateKey)).toBe(true);
    expect(going('indexedDB', kv + chromeSnapshotKey)).toBe(true);
    expect(going('indexedDB', `${databases.orgTree.name}/${databases.orgTree.stores.trees}`)).toBe(true);
    expect(going('indexedDB', `${databases.brand.name}/${databases.brand.stores.brands}`)).toBe(true);
    expect(going('cacheStorage', `${cacheNames.apiPrefix}:member:tenant:group:role:en-us`)).toBe(true);
    expect(going('localStorage', `${storagePrefix}riskRegisterList`)).toBe(true);
    expect(going('localStorage', `${storagePrefix}someRemote.layout`)).toBe(true);
    // The session a switch replaces, the device's, and what is kept per scope for the member's return.
    for (const key of [sessionKeys.auth, sessionKeys.accessToken, sessionKeys.language, sessionKeys.proofKey]) expect(going('indexedDB', kv + key)).toBe(false);
    expect(going('indexedDB', `${databases.outbox.name}/${databases.outbox.stores.writes}`)).toBe(false);
    for (const name of [storageKeys.lastLoginEmail, storageKeys.history, storageKeys.auth, `${storagePrefix}draft.form.user.tenant`]) expect(going('localStorage', name)).toBe(false);
    expect(inventory.filter((entry) => entry.area === 'sessionStorage' && goesAt(entry, 'switch'))).toEqual([]);
  });

  it("keeps the member's business-screen preferences (column layouts, flags) through a switch; they go when the session ends", () => {
    for (const name of [`${storagePrefix}columns.controlLibrary`, `${storagePrefix}calendarModal`, `${storagePrefix}aiBanner`]) {
      expect(goesAt(entryFor('localStorage', name)!, 'switch')).toBe(false);
      expect(goesAt(entryFor('localStorage', name)!, 'forced')).toBe(true);
    }
    expect(goesAt(entryFor('localStorage', `${storagePrefix}pageNumber.initiativeList`)!, 'switch')).toBe(true);
  });

  it("counts a remote's unknown key under the prefix as the member's: it goes when the session ends", () => {
    expect(entryFor('localStorage', `${storagePrefix}someRemote.layout`)).toMatchObject({ scope: 'member-scope', lifetime: 'session' });
  });
});
