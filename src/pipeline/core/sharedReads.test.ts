import { describe, expect, it } from 'vitest';
import type { AccessClaims } from '../../session/core/claims';
import { fromCacheHeader } from './apiCache';
import { isReusableAnswer, readScope, SharedReads, sharedReadKey, startupReadWindowMs, type ReadScope, type ScopeSource } from './sharedReads';

const claims: AccessClaims = {
  guid: 'member-1',
  email: 'a@acme.test',
  authorities: [],
  role: 'Admin',
  tenantGuid: 'tenant-1',
  orgGroupGuid: 'group-1',
  root: 'root-1',
  languageId: 1,
  virtualRole: false,
  iat: 1,
  exp: 2,
};
const source: ScopeSource = { claims, language: 'en-us' };
const scope = readScope(source)!;
const initUrl = 'https://shell.test/api/global-state/v1/init';
const key = (over: Partial<ReadScope> = {}, url = initUrl, headers: [string, string][] = []) => sharedReadKey('GET', url, headers, { ...scope, ...over });

describe('the question a read asks (its key)', () => {
  it('the same URL, headers and scope ask the same question', () => {
    expect(key()).toBe(sharedReadKey('GET', initUrl, [], readScope({ claims: { ...claims }, language: 'en-us' })));
    expect(key({}, initUrl, [['Accept', 'text/plain']])).toBe(key({}, initUrl, [['accept', 'text/plain']]));
    // The pipeline replaces these with the scope's own: the browser's Accept-Language is not the question.
    expect(key({}, initUrl, [['Accept-Language', 'fr-FR'], ['Cache-Control', 'no-cache'], ['Authorization', 'Bearer x']])).toBe(key());
  });

  it.each<[string, Partial<ReadScope>]>([
    ['member', { member: 'member-2' }],
    ['tenant', { tenant: 'tenant-2' }],
    ['organisation group', { orgGroup: 'group-2' }],
    ['role', { role: 'Reader' }],
    ['organisation', { org: 'org-9' }],
    ['language', { language: 'de-de' }],
    ['token kind', { tokenKind: 'DPoP' }],
  ])('another %s asks another question', (_name, over) => {
    expect(key(over)).not.toBe(key());
  });

  it('another URL or other headers ask another question', () => {
    expect(key({}, `${initUrl}?x=1`)).not.toBe(key());
    expect(key({}, initUrl, [['Accept', 'text/plain']])).not.toBe(key());
  });

  it('writes and signed-out calls are never shared', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']) expect(sharedReadKey(method, initUrl, [], scope)).toBeNull();
    expect(readScope({ claims: null, language: 'en-us' })).toBeNull();
    expect(sharedReadKey('GET', initUrl, [], null)).toBeNull();
  });

  it('the token kind is the stored session’s, else Bearer', () => {
    expect(readScope(source)!.tokenKind).toBe('Bearer');
    expect(readScope({ ...source, tokenKind: 'DPoP' })!.tokenKind).toBe('DPoP');
    expect(readScope({ ...source, tokenKind: 'Bearer' })!.tokenKind).toBe('Bearer');
  });
});

describe('which answers may answer another tab', () => {
  it('a 200 without no-store; never an error or a no-store answer', () => {
    expect(isReusableAnswer(new Response('{}'))).toBe(true);
    expect(isReusableAnswer(new Response('{}', { headers: { 'Cache-Control': 'private, max-age=3600' } }))).toBe(true);
    expect(isReusableAnswer(new Response('{}', { headers: { 'Cache-Control': 'private, no-store' } }))).toBe(false);
    expect(isReusableAnswer(new Response('{}', { headers: { 'Cache-Control': 'No-Store' } }))).toBe(false);
    for (const status of [201, 204, 304, 401, 404, 500, 503]) expect(isReusableAnswer(new Response(null, { status }))).toBe(false);
    // The member's cached copy, answered while the platform was slow: what the first tab was shown.
    expect(isReusableAnswer(new Response('{}', { headers: { [fromCacheHeader]: '1' } }))).toBe(true);
  });
});

/** A platform that answers when told: each call is recorded with its signal. */
function platform() {
  const calls: { signal: AbortSignal; answer: (response: Response) => void; fail: (error: unknown) => void }[] = [];
  const send = (signal: AbortSignal) =>
    new Promise<Response>((resolve, reject) => {
      calls.push({ signal, answer: resolve, fail: reject });
      signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  return { calls, send };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function clock() {
  const c = { at: 1_000, now: () => c.at };
  return c;
}

/** A body sent in chunks that fails after the first, as a connection cut mid-answer. */
function failingBody(): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"part":'));
      controller.error(new TypeError('network error mid-stream'));
    },
  });
}

describe('reads in flight', () => {
  it('identical reads are one call; each caller gets its own copy of the body', async () => {
    const { calls, send } = platform();
    const shared = new SharedReads({ now: clock().now });
    const reads = [1, 2, 3].map(() => shared.read({ key: key()!, keep: false }, send));
    expect(calls).toHaveLength(1);
    calls[0]!.answer(new Response('{"ok":true}'));
    const answers = await Promise.all(reads);
    expect(new Set(answers).size).toBe(3);
    expect(await Promise.all(answers.map((a) => a.text()))).toEqual(['{"ok":true}', '{"ok":true}', '{"ok":true}']);
  });

  it('reads of another scope go out on their own', () => {
    const { calls, send } = platform();
    const shared = new SharedReads({ now: clock().now });
    void shared.read({ key: key()!, keep: false }, send);
    void shared.read({ key: key({ tenant: 'tenant-2' })!, keep: false }, send);
    expect(calls).toHaveLength(2);
  });

  it('once answered, a read that is not a start-up read goes out again', async () => {
    const { calls, send } = platform();
    const shared = new SharedReads({ now: clock().now });
    const first = shared.read({ key: key()!, keep: false }, send);
    calls[0]!.answer(new Response('1'));
    await (await first).text();
    void shared.read({ key: key()!, keep: false }, send);
    expect(calls).toHaveLength(2);
  });

  it('a caller that aborts fails alone; the others get the answer, the call goes on', async () => {
    const { calls, send } = platform();
    const shared = new SharedReads({ now: clock().now });
    const leaving = new AbortController();
    const left = shared.read({ key: key()!, keep: false, signal: leaving.signal }, send);
    const stays = shared.read({ key: key()!, keep: false, signal: new AbortController().signal }, send);
    leaving.abort();
    await expect(left).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls[0]!.signal.aborted).toBe(false);
    calls[0]!.answer(new Response('still here'));
    expect(await (await stays).text()).toBe('still here');
  });

  it('the call is aborted only when every caller has aborted; the next read asks again', async () => {
    const { calls, send } = platform();
    const shared = new SharedReads({ now: clock().now });
    const a = new AbortController();
    const b = new AbortController();
    const reads = [shared.read({ key: key()!, keep: true, signal: a.signal }, send), shared.read({ key: key()!, keep: true, signal: b.signal }, send)];
    a.abort();
    expect(calls[0]!.signal.aborted).toBe(false);
    b.abort();
    expect(calls[0]!.signal.aborted).toBe(true);
    await Promise.allSettled(reads);
    void shared.read({ key: key()!, keep: true }, send);
    expect(calls).toHaveLength(2);
  });

  it('a caller aborted before it asks does not start or keep a call', async () => {
    const { calls, send } = platform();
    const shared = new SharedReads({ now: clock().now });
    await expect(shared.read({ key: key()!, keep: false, signal: AbortSignal.abort() }, send)).rejects.toBeDefined();
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(shared.size.inFlight).toBe(0);
  });

  it('a call that fails fails every caller, and nothing of it stays', async () => {
    const { calls, send } = platform();
    const shared = new SharedReads({ now: clock().now });
    const reads = [shared.read({ key: key()!, keep: true }, send), shared.read({ key: key()!, keep: true }, send)];
    calls[0]!.fail(new TypeError('Failed to fetch'));
    for (const read of reads) await expect(read).rejects.toThrow('Failed to fetch');
    void shared.read({ key: key()!, keep: true }, send);
    expect(calls).toHaveLength(2);
  });

  it('an answer that fails mid-stream fails every caller’s body, and is not kept', async () => {
    const { calls, send } = platform();
    const shared = new SharedReads({ now: clock().now });
    const reads = [shared.read({ key: key()!, keep: true }, send), shared.read({ key: key()!, keep: true }, send)];
    calls[0]!.answer(new Response(failingBody()));
    for (const read of reads) await expect((await read).text()).rejects.toThrow();
    await settle();
    expect(shared.size.kept).toBe(0);
    void shared.read({ key: key()!, keep: true }, send);
    expect(calls).toHaveLength(2);
  });

  it('after forget, a read asks again, while the one under way still answers its callers', async () => {
    const { calls, send } = platform();
    const shared = new SharedReads({ now: clock().now });
    const before = shared.read({ key: key()!, keep: true }, send);
    shared.forget();
    const after = shared.read({ key: key()!, keep: true }, send);
    expect(calls).toHaveLength(2);
    calls[0]!.answer(new Response('old'));
    calls[1]!.answer(new Response('new'));
    expect(await (await before).text()).toBe('old');
    expect(await (await after).text()).toBe('new');
  });
});

describe('start-up answers kept for a moment', () => {
  async function answered(shared: SharedReads, send: (signal: AbortSignal) => Promise<Response>, answer: () => void, k = key()!) {
    const read = shared.read({ key: k, keep: true }, send);
    answer();
    await (await read).arrayBuffer();
    await settle();
  }

  it('answer the same start-up read within the window, as the platform answered it', async () => {
    const { calls, send } = platform();
    const time = clock();
    const shared = new SharedReads({ now: time.now });
    await answered(shared, send, () => calls[0]!.answer(new Response('{"n":1}', { status: 200, headers: { 'Content-Type': 'application/json' } })));
    time.at += startupReadWindowMs - 1;
    const again = await shared.read({ key: key()!, keep: true }, send);
    expect(calls).toHaveLength(1);
    expect(again.status).toBe(200);
    expect(again.headers.get('content-type')).toBe('application/json');
    expect(await again.text()).toBe('{"n":1}');
    // Each reuse has its own body.
    expect(await (await shared.read({ key: key()!, keep: true }, send)).text()).toBe('{"n":1}');
  });

  it('carry the decoded body without the wire’s encoding and length', async () => {
    const { calls, send } = platform();
    const shared = new SharedReads({ now: clock().now });
    const wire = { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'Content-Length': '12' };
    await answered(shared, send, () => calls[0]!.answer(new Response('{"decoded":"and longer"}', { headers: wire })));
    const again = await shared.read({ key: key()!, keep: true }, send);
    expect(again.headers.get('content-encoding')).toBeNull();
    expect(again.headers.get('content-length')).toBeNull();
    expect(again.headers.get('content-type')).toBe('application/json');
    expect(await again.text()).toBe('{"decoded":"and longer"}');
  });

  it('are asked again once the window has passed', async () => {
    const { calls, send } = platform();
    const time = clock();
    const shared = new SharedReads({ now: time.now });
    await answered(shared, send, () => calls[0]!.answer(new Response('1')));
    time.at += startupReadWindowMs;
    void shared.read({ key: key()!, keep: true }, send);
    expect(calls).toHaveLength(2);
  });

  it('never for another scope, nor for a read that is not a start-up read', async () => {
    const { calls, send } = platform();
    const shared = new SharedReads({ now: clock().now });
    await answered(shared, send, () => calls[0]!.answer(new Response('1')));
    void shared.read({ key: key({ member: 'member-2' })!, keep: true }, send);
    expect(calls).toHaveLength(2);
    void shared.read({ key: key()!, keep: false }, send);
    expect(calls).toHaveLength(3);
  });

  it.each([
    ['an error answer', () => new Response('{}', { status: 500 })],
    ['a 401', () => new Response('{}', { status: 401 })],
    ['a no-store answer', () => new Response('{}', { headers: { 'Cache-Control': 'no-store' } })],
  ])('never %s', async (_name, response) => {
    const { calls, send } = platform();
    const shared = new SharedReads({ now: clock().now });
    await answered(shared, send, () => calls[0]!.answer(response()));
    void shared.read({ key: key()!, keep: true }, send);
    expect(calls).toHaveLength(2);
  });

  it('an answer larger than the cache allows is shared in flight but never kept', async () => {
    const { calls, send } = platform();
    const shared = new SharedReads({ now: clock().now, maxAnswerBytes: 8 });
    const reads = [shared.read({ key: key()!, keep: true }, send), shared.read({ key: key()!, keep: true }, send)];
    expect(calls).toHaveLength(1);
    calls[0]!.answer(new Response('0123456789'));
    expect(await Promise.all(reads.map(async (r) => (await r).text()))).toEqual(['0123456789', '0123456789']);
    await settle();
    expect(shared.size.kept).toBe(0);
    void shared.read({ key: key()!, keep: true }, send);
    expect(calls).toHaveLength(2);
  });

  it('keep at most the size bound in all, the oldest going first', async () => {
    const { calls, send } = platform();
    const shared = new SharedReads({ now: clock().now, maxAnswerBytes: 10, maxTotalBytes: 25 });
    for (const n of [1, 2, 3]) await answered(shared, send, () => calls[n - 1]!.answer(new Response('0123456789')), key({}, `${initUrl}?n=${n}`)!);
    expect(shared.size).toEqual({ inFlight: 0, kept: 2, keptBytes: 20 });
    void shared.read({ key: key({}, `${initUrl}?n=1`)!, keep: true }, send);
    expect(calls).toHaveLength(4);
    void shared.read({ key: key({}, `${initUrl}?n=3`)!, keep: true }, send);
    expect(calls).toHaveLength(4);
  });

  it('forget drops them (a write, or the scope ended)', async () => {
    const { calls, send } = platform();
    const shared = new SharedReads({ now: clock().now });
    await answered(shared, send, () => calls[0]!.answer(new Response('1')));
    shared.forget();
    expect(shared.size).toEqual({ inFlight: 0, kept: 0, keptBytes: 0 });
    void shared.read({ key: key()!, keep: true }, send);
    expect(calls).toHaveLength(2);
  });

  it('an answer still on its way when forget comes is not kept', async () => {
    const { calls, send } = platform();
    const shared = new SharedReads({ now: clock().now });
    const read = shared.read({ key: key()!, keep: true }, send);
    shared.forget();
    calls[0]!.answer(new Response('stale'));
    await (await read).text();
    await settle();
    expect(shared.size.kept).toBe(0);
  });
});
