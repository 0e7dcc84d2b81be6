import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { finishedStarting, waitForServiceWorker } from './support/waits.ts';
import { ShellChrome } from './support/pages.ts';
import { storedEntry } from './support/shellStorage.ts';
import { expireAccessTokens, refreshGrants } from './support/session.ts';
import type { LoggedRequest, PlatformControl } from './support/platform.ts';

/**
 * Sender-constrained sessions (contract "Sender-constrained tokens", RFC 9449): what a script that
 * copies the tokens out of IndexedDB can do with them elsewhere (nothing), and what the platform
 * receives from the shell (a valid proof on every call, by the session's own key).
 */
const tokenPath = '/api/access/v1/oauth/token';

// DPoP on, also in a run that turns it off by default (EMULATOR_DPOP=0) to prove the Bearer mode.
test.beforeEach(({ platform }) => platform.dpop({ enabled: true }));

interface StoredAuth {
  refresh_token: string;
  tokenType?: string;
}

async function stolenTokens(page: Page): Promise<{ refresh: string; access: string }> {
  const auth = (await storedEntry(page, 'auth')) as StoredAuth;
  return { refresh: auth.refresh_token, access: String(await storedEntry(page, 'accessToken')) };
}

/** A proof by a key of the thief's own, correct in every other way. */
async function foreignProof(htu: string): Promise<string> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  return new SignJWT({ htm: 'POST', htu, jti: crypto.randomUUID() })
    .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: await exportJWK(publicKey) })
    .setIssuedAt()
    .sign(privateKey);
}

function redeem(request: APIRequestContext, platform: PlatformControl, refreshToken: string, proof?: string) {
  return request.post(`${platform.baseURL}${tokenPath}`, {
    form: { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'trust-shell' },
    headers: proof ? { DPoP: proof } : {},
  });
}

/** Calls of the signed-in member to the platform (token calls and the control API aside). */
const memberCalls = (log: LoggedRequest[]) => log.filter((r) => r.path.includes('/api/') && !r.path.endsWith(tokenPath) && r.headers.authorization !== undefined);

test.describe('a copied token is useless without this browser\'s key', () => {
  test('a refresh token redeemed elsewhere without the key is refused; the access token as Bearer gets 401; refresh goes on', async ({ page, signIn, platform, request }) => {
    await signIn(page, 'admin@acme.test');
    const stolen = await stolenTokens(page);
    expect((await storedEntry(page, 'auth')) as StoredAuth).toMatchObject({ tokenType: 'DPoP' });

    const bare = await redeem(request, platform, stolen.refresh);
    expect(bare.status()).toBe(400);
    expect(await bare.json()).toMatchObject({ error: 'invalid_grant' });
    const foreign = await redeem(request, platform, stolen.refresh, await foreignProof(`${platform.baseURL}${tokenPath}`));
    expect(foreign.status()).toBe(400);
    expect(await foreign.json()).toMatchObject({ error: 'invalid_grant' });

    const asBearer = await request.get(`${platform.baseURL}/api/access/v1/permissions`, { headers: { Authorization: `Bearer ${stolen.access}` } });
    expect(asBearer.status()).toBe(401);
    expect(asBearer.headers()['www-authenticate']).toMatch(/^DPoP\b.*invalid_dpop_proof/);

    // The member's own refresh, with the key, still works: the platform's clock moves past the
    // access token's life, the next start refreshes (one grant) and the shell is there.
    await expireAccessTokens(platform);
    await page.reload();
    await expect(new ShellChrome(page).memberName).toHaveText('Ada Admin');
    const granted = async () => refreshGrants(await platform.log({ path: tokenPath })).filter((g) => g.status === 200);
    await expect.poll(async () => (await granted()).length).toBe(1);
    expect((await granted())[0]?.dpop).toBe('valid');
    await expect(page).toHaveURL(/\/mfe-host$/);
  });

  test('every private key the shell keeps is a CryptoKey that cannot be exported, and no key is kept in any other form', async ({ page, signIn }) => {
    await signIn(page, 'admin@acme.test');
    const found = await page.evaluate(async () => {
      const keys: { type: string; extractable: boolean; algorithm: string }[] = [];
      const otherForms: string[] = [];
      const privateText = /PRIVATE KEY|"d"\s*:/;
      const visit = (value: unknown, where: string, depth = 0): void => {
        if (depth > 8 || value === null || value === undefined) return;
        if (value instanceof CryptoKey) {
          keys.push({ type: value.type, extractable: value.extractable, algorithm: value.algorithm.name });
        } else if (typeof value === 'string') {
          if (privateText.test(value)) otherForms.push(where);
        } else if (typeof value === 'object') {
          if ('d' in value && 'kty' in value) otherForms.push(where);
          for (const [k, v] of Object.entries(value)) visit(v, `${where}.${k}`, depth + 1);
        }
      };
      for (const info of await indexedDB.databases()) {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open(info.name ?? '');
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error ?? new Error('open failed'));
        });
        for (const store of Array.from(db.objectStoreNames)) {
          const all = await new Promise<unknown[]>((resolve) => {
            const get = db.transaction(store).objectStore(store).getAll();
            get.onsuccess = () => resolve(get.result as unknown[]);
            get.onerror = () => resolve([]);
          });
          all.forEach((value, i) => visit(value, `${info.name ?? ''}/${store}[${i}]`));
        }
        db.close();
      }
      for (const storage of [localStorage, sessionStorage]) {
        for (let i = 0; i < storage.length; i += 1) visit(storage.getItem(storage.key(i) ?? ''), `storage:${storage.key(i) ?? ''}`);
      }
      return { keys, otherForms };
    });
    expect(found.otherForms).toEqual([]);
    const privateKeys = found.keys.filter((k) => k.type === 'private');
    expect(privateKeys).toEqual([{ type: 'private', extractable: false, algorithm: 'ECDSA' }]);
  });

  test('a refused refresh while the access token is still valid logs the platform session out with it', async ({ page, signedIn, platform, request }) => {
    // A platform without DPoP and without a grace: a stolen refresh token is redeemed elsewhere first.
    await platform.dpop({ enabled: false });
    await platform.refreshGrace(0);
    await signedIn(page, 'admin@acme.test');
    await expect(new ShellChrome(page).memberName).toHaveText('Ada Admin');
    const stolen = await stolenTokens(page);
    const thief = await redeem(request, platform, stolen.refresh);
    expect(thief.status()).toBe(200);
    const thiefAccess = ((await thief.json()) as { access_token: string }).access_token;

    // The member's next call is refused once, so the shell refreshes with the spent token.
    await platform.clearLog();
    await platform.override({ method: 'GET', path: '/api/global-state/v1/init', status: 401, times: 1 });
    await page.reload();
    await expect(page).toHaveURL(/\/auth/);
    const log = await platform.log();
    const refused = log.find((r) => r.path.endsWith(tokenPath) && r.status === 400);
    const logout = log.find((r) => r.path.endsWith('/api/access/v1/auth/logout'));
    expect(refused).toBeDefined();
    expect(logout?.headers.authorization).toBe(`Bearer ${stolen.access}`);
    expect(logout!.seq).toBeGreaterThan(refused!.seq);
    // Whoever holds the stolen chain is signed out too.
    const after = await request.get(`${platform.baseURL}/api/access/v1/permissions`, { headers: { Authorization: `Bearer ${thiefAccess}` } });
    expect(after.status()).toBe(401);
  });
});

for (const mode of ['block', 'allow'] as const) {
  test.describe(`every call carries a valid proof (${mode === 'allow' ? 'service worker' : 'in the page'})`, () => {
    test.use({ serviceWorkers: mode });
    test('the member\'s calls go as DPoP with a proof the platform finds valid, none refused', async ({ page, signIn, platform }) => {
      await signIn(page, 'admin@acme.test');
      if (mode === 'allow') await waitForServiceWorker(page);
      await platform.clearLog();
      await page.reload();
      await expect(new ShellChrome(page).memberName).toHaveText('Ada Admin');
      await finishedStarting(page);
      // One reading of the log in which every call is answered: a call still on its way is logged
      // without its verdict yet, and the parts after the first screen start calls of their own later.
      let calls: LoggedRequest[] = [];
      await expect
        .poll(async () => {
          calls = memberCalls(await platform.log());
          return calls.length > 5 && calls.every((c) => c.status !== 0);
        })
        .toBe(true);
      expect(calls.filter((c) => !c.headers.authorization?.startsWith('DPoP '))).toEqual([]);
      expect(calls.filter((c) => c.dpop !== 'valid').map((c) => `${c.path} ${c.dpop} ${c.dpopError ?? ''}`)).toEqual([]);
      expect(calls.filter((c) => c.status === 401)).toEqual([]);
    });
  });
}

test.describe('nonces', () => {
  test('ten tabs share the nonce: a new tab, a rotation and the tabs after the first pay no retry; ten tabs refresh once', async ({ tabs, signIn, platform }) => {
    await platform.dpop({ requireNonce: true });
    const pages = await tabs(10);
    // A proof the platform refused for its nonce (none, or one no longer taken).
    const challenges = async () => (await platform.log()).filter((r) => r.dpop === 'invalid' && /nonce/.test(r.dpopError ?? '')).length;
    const open = async (page: Page, how: 'goto' | 'reload') => {
      await (how === 'goto' ? page.goto('/mfe-host') : page.reload());
      await expect(new ShellChrome(page).memberName).toHaveText('Ada Admin');
    };
    // Counted once every tab's start has finished: a warm start shows the name before its calls,
    // whose challenges would otherwise land in the next count (seen in CI: 14 where 11 were counted).
    const settledChallenges = async () => {
      await Promise.all(pages.map((page) => finishedStarting(page)));
      return challenges();
    };

    // The sign-in's grant meets the nonce first (one retry); the shell's calls all carry it.
    await signIn(pages[0]!, 'admin@acme.test');
    await expect(new ShellChrome(pages[0]!).memberName).toHaveText('Ada Admin');
    expect(await settledChallenges()).toBe(1);
    for (const page of pages.slice(1)) await open(page, 'goto');
    expect(await settledChallenges()).toBe(1);

    // A rotation: every answer announces the new nonce while the old one is still taken.
    await platform.clearLog();
    await platform.dpop({ rotateNonce: true });
    for (const page of pages) await open(page, 'reload');
    expect(await settledChallenges()).toBe(0);

    // A nonce refused at once: whichever context meets it first retries (the first tab's calls in
    // flight, or a tab's call that came just before), stores the new one, and the tabs after pay nothing.
    await platform.clearLog();
    const { nonce } = await platform.dpop({ expireNonce: true });
    await open(pages[0]!, 'reload');
    await expect.poll(() => storedEntry(pages[0]!, 'dpopNonce')).toBe(nonce);
    const first = await settledChallenges();
    expect(first).toBeGreaterThanOrEqual(1);
    for (const page of pages.slice(1)) await open(page, 'reload');
    expect(await settledChallenges()).toBe(first);

    // Every tab's token expires for the platform: the ten tabs, reloaded together, refresh once (a
    // grant whose tab was reloaded before its answer came is presented again within the refresh
    // grace, and answered the same: not a second refresh).
    await expireAccessTokens(platform);
    await Promise.all(pages.map((page) => page.reload()));
    for (const page of pages) await expect(new ShellChrome(page).memberName).toHaveText('Ada Admin');
    const granted = async () => refreshGrants(await platform.log({ path: tokenPath })).filter((g) => g.status === 200 && !g.graceReplay).length;
    await expect.poll(granted).toBe(1);
    expect(refreshGrants(await platform.log({ path: tokenPath })).filter((g) => g.reuse)).toEqual([]);
  });
});

test.describe('a platform without DPoP', () => {
  test('answers Bearer tokens, and the shell presents them as Bearer, with no proof', async ({ page, signIn, platform }) => {
    await platform.dpop({ enabled: false });
    await signIn(page, 'admin@acme.test');
    expect((await storedEntry(page, 'auth')) as StoredAuth).toMatchObject({ tokenType: 'Bearer' });
    expect(await storedEntry(page, 'dpopKey')).toBeNull();
    await platform.clearLog();
    await page.reload();
    await expect(new ShellChrome(page).memberName).toHaveText('Ada Admin');
    // The name may be painted from the device before the platform is asked: wait for the calls.
    await expect.poll(async () => memberCalls(await platform.log()).filter((c) => c.status !== 0).length).toBeGreaterThan(5);
    const calls = memberCalls(await platform.log());
    expect(calls.filter((c) => !c.headers.authorization?.startsWith('Bearer ') || c.headers.dpop !== undefined)).toEqual([]);
  });
});

test.describe('a key that is gone', () => {
  test('a DPoP session whose key was wiped ends with a clean sign-in, never a loop', async ({ page, signedIn, platform }) => {
    await signedIn(page, 'admin@acme.test');
    await expect(new ShellChrome(page).memberName).toHaveText('Ada Admin');
    // Wiped from an address that runs none of the shell's code, so no call of the shell is under way.
    await page.goto('/config.json');
    await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve) => {
        const open = indexedDB.open('trust-shell');
        open.onsuccess = () => resolve(open.result);
      });
      await new Promise<void>((resolve) => {
        const tx = db.transaction('kv', 'readwrite');
        tx.objectStore('kv').delete('dpopKey');
        tx.oncomplete = () => resolve();
      });
      db.close();
    });
    await platform.clearLog();
    await page.goto('/mfe-host');
    await expect(page).toHaveURL(/\/auth/);
    // On the sign-in page, and it stays there: no call with the orphaned token, no refresh loop.
    await expect(page.getByLabel('Email')).toBeVisible();
    const log = await platform.log();
    expect(log.filter((r) => r.headers.authorization !== undefined && !r.path.endsWith('/auth/logout'))).toEqual([]);
    expect(refreshGrants(log)).toEqual([]);
  });
});
