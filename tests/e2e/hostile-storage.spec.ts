import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { en } from './support/catalogues.ts';
import { ShellChrome, SignInPage } from './support/pages.ts';
import { recordAttempts } from './support/hardening.ts';
import { axeViolations } from './support/axe.ts';

// Corrupt or unavailable storage. The shell still starts and signs in, in memory
// if it must, and says so ("saved only for this tab").

const notice = (page: Page) => page.getByRole('region', { name: en.SavedOnlyForThisTab });

/** Uncaught exceptions and unhandled rejections in the page. */
function pageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return errors;
}

/** Browsers that will not store: each runs in the page before the shell's own scripts. */
const unavailable: Record<string, () => void> = {
  'IndexedDB undefined': () => {
    Object.defineProperty(window, 'indexedDB', { configurable: true, get: () => undefined });
  },
  'indexedDB.open throws': () => {
    IDBFactory.prototype.open = () => {
      throw new DOMException('A mutation operation was attempted on a database that did not allow mutations.', 'InvalidStateError');
    };
  },
  'quota exceeded on every write (IndexedDB put/add, localStorage and sessionStorage setItem)': () => {
    const full = (): never => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    IDBObjectStore.prototype.put = full;
    IDBObjectStore.prototype.add = full;
    Storage.prototype.setItem = full;
  },
};

/** Every local- and session-storage key the shell reads (src/lib/storage/keys.ts, drafts, history). */
const shellKeys = [
  'trust-shell.auth',
  'trust-shell.tenant',
  'trust-shell.content',
  'trust-shell.session',
  'trust-shell.lastLoginEmail',
  'trust-shell.selectedLanguage',
  'trust-shell.updatedLanguageCode',
  'trust-shell.timedOut',
  'trust-shell.lastActivity',
  'trust-shell.autoRefreshId',
  'trust-shell.omni',
  'trust-shell.dismissedAlerts',
  'trust-shell.theme',
  'trust-shell.signInData',
  'trust-shell.swRetired',
  'trust-shell.history',
  'trust-shell.chromeWarmUp',
  'trust-shell.draft.dateTimePreferences.x.y',
];
const tabKeys = ['trust-shell.returnUrl', 'trust-shell.chunkReload'];

/** Garbage of each kind: broken JSON and valid JSON of the wrong shape. */
const garbage: Record<string, string> = {
  'broken JSON': '{"Attributes": [{"Key": ',
  'an array': '[1, "two", null]',
  'a number': '-1e309',
  'null': 'null',
  'an object of the wrong shape': '{"__proto__": {"polluted": true}, "Attributes": "none", "ids": {}}',
  'empty text': '',
  'a 20 kB string': 'x'.repeat(20_000),
};

/** Garbage in every key, each kind in turn (shifted by `round`, so each key gets other kinds in other rounds). */
async function plantGarbage(page: Page, round: number): Promise<void> {
  const kinds = Object.values(garbage);
  const value = (i: number) => kinds[(i + round) % kinds.length]!;
  await page.evaluate(
    ({ local, tab }) => {
      for (const [key, v] of local) localStorage.setItem(key, v);
      for (const [key, v] of tab) sessionStorage.setItem(key, v);
    },
    { local: shellKeys.map((key, i) => [key, value(i)] as const), tab: tabKeys.map((key, i) => [key, value(i + 3)] as const) },
  );
}

/**
 * Overwrites every record of every IndexedDB database of the shell with garbage, except the
 * session (auth, accessToken), so the reload that follows is still signed in.
 */
function corruptIndexedDb(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const values: unknown[] = ['{corrupt', 42, null, [], { broken: true }];
    let corrupted = 0;
    for (const info of await indexedDB.databases()) {
      if (!info.name?.startsWith('trust-shell')) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error('open failed'));
      });
      for (const storeName of Array.from(db.objectStoreNames)) {
        await new Promise<void>((resolve, reject) => {
          const tx = db.transaction(storeName, 'readwrite');
          const store = tx.objectStore(storeName);
          const cursor = store.openCursor();
          cursor.onsuccess = () => {
            const at = cursor.result;
            if (!at) return;
            const key = at.primaryKey;
            // The session itself stays: its tokens and its DPoP key (a key that is gone ends the session by design, dpop.spec).
            if (!(info.name === 'trust-shell' && (key === 'auth' || key === 'accessToken' || key === 'dpopKey'))) {
              const value = values[corrupted % values.length];
              // A store with in-line keys keeps its key in the value.
              if (store.keyPath === null) at.update(value);
              else at.update({ [store.keyPath as string]: key, garbage: value });
              corrupted += 1;
            }
            at.continue();
          };
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error ?? new Error('write failed'));
        });
      }
      db.close();
    }
    return corrupted;
  });
}

test.describe('corrupt or unavailable storage', () => {
  test('no IndexedDB, open throwing or quota exceeded: sign-in works, saved-for-this-tab notice, reload asks for sign-in', async ({ tabs, platform }) => {
    recordAttempts('storage', [...Object.keys(unavailable), 'IndexedDB undefined, then a reload']);
    for (const [name, script] of Object.entries(unavailable)) {
      const [page] = await tabs(1);
      const errors = pageErrors(page!);
      await page!.addInitScript(script);
      await page!.goto('/auth');
      // Said before anything is typed: the session itself will live in this tab only.
      await expect(notice(page!), name).toContainText(en.SavedOnlyForThisTabDetail!);
      if (name === 'IndexedDB undefined') expect(await axeViolations(page!)).toEqual([]);
      await platform.clearLog();
      await new SignInPage(page!).submit('admin@acme.test');
      await expect(page!, name).toHaveURL(/\/mfe-host/);
      await expect(new ShellChrome(page!).memberName, name).toHaveText('Ada Admin');
      await expect(new ShellChrome(page!).tenantName, name).toContainText('Acme Corp');
      await expect(notice(page!), name).toBeVisible();
      if (name === 'IndexedDB undefined') expect(await axeViolations(page!, '[data-testid="storage-notice"]')).toEqual([]);
      // The platform got the bearer the shell kept in memory.
      const legacy = await platform.log({ path: '/api/access/v1/users/current/legacy' });
      expect(legacy.map((r) => r.status), name).toContain(200);
      if (name === 'IndexedDB undefined') {
        // Kept only in memory, the session ends with the page, as the notice said.
        await page!.reload();
      } else {
        await new ShellChrome(page!).signOut();
      }
      await expect(page!, name).toHaveURL(/\/auth$/);
      await expect(new SignInPage(page!).heading, name).toBeVisible();
      expect(errors, name).toEqual([]);
      await page!.close();
    }
  });

  test('garbage in every trust-shell storage key and IndexedDB record: the shell starts, signs in, reloads, no notice', async ({ page }) => {
    const errors = pageErrors(page);
    recordAttempts('storage', [...Object.keys(garbage).map((kind) => `local storage: ${kind}`), 'every IndexedDB record but the session: wrong values']);
    await page.goto('/auth');
    // Signed out: two rounds of garbage, each through a reload of the sign-in page.
    for (const round of [0, 1]) {
      await plantGarbage(page, round);
      await page.reload();
      await expect(new SignInPage(page).heading, `round ${round}`).toBeVisible();
      await expect(new SignInPage(page).email, `round ${round}`).toBeEditable();
    }
    await new SignInPage(page).submit('admin@acme.test');
    await new ShellChrome(page).expectSignedInAs('Ada Admin');
    // Signed in: two more rounds, the last with every IndexedDB record corrupted too.
    for (const round of [2, 3]) {
      await plantGarbage(page, round);
      if (round === 3) expect(await corruptIndexedDb(page)).toBeGreaterThan(0);
      await page.reload();
      await expect(new ShellChrome(page).memberName, `round ${round}`).toHaveText('Ada Admin');
      await expect(new ShellChrome(page).tenantName, `round ${round}`).toContainText('Acme Corp');
    }
    // Storage itself works, so nothing is said about it.
    await expect(notice(page)).toHaveCount(0);
    await new ShellChrome(page).signOut();
    await expect(page).toHaveURL(/\/auth$/);
    expect(errors).toEqual([]);
  });
});
