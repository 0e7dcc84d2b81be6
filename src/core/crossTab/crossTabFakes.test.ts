import { describe, expect, it } from 'vitest';
import { fakeOrigin } from './crossTabFakes.testSupport';

/** The fakes keep the browser's rules, or the unit tests built on them prove nothing. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function holdable() {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  return { held, release };
}

describe('the fake Web Locks', () => {
  it('queue exclusive requests in order; a closed tab’s lock passes to the next', async () => {
    const origin = fakeOrigin();
    const [a, b, c] = [origin.openTab(), origin.openTab(), origin.openTab()];
    const order: string[] = [];
    const first = holdable();
    void a.locks!.request('l', {}, () => (order.push('a'), first.held));
    void b.locks!.request('l', {}, () => void order.push('b'));
    void c.locks!.request('l', {}, () => void order.push('c'));
    await tick();
    expect(order).toEqual(['a']);
    expect(origin.locks.waiting('l')).toEqual(['tab-2', 'tab-3']);
    a.close();
    await tick();
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('grant shared holders together; an exclusive request waits for all, and a later shared one waits behind it', async () => {
    const origin = fakeOrigin();
    const [a, b, c, d] = [origin.openTab(), origin.openTab(), origin.openTab(), origin.openTab()];
    const one = holdable();
    const two = holdable();
    const order: string[] = [];
    void a.locks!.request('l', { mode: 'shared' }, () => (order.push('a'), one.held));
    void b.locks!.request('l', { mode: 'shared' }, () => (order.push('b'), two.held));
    void c.locks!.request('l', { mode: 'exclusive' }, () => void order.push('c'));
    void d.locks!.request('l', { mode: 'shared' }, () => void order.push('d'));
    await tick();
    expect(order).toEqual(['a', 'b']);
    one.release();
    await tick();
    expect(order).toEqual(['a', 'b']);
    two.release();
    await tick();
    expect(order).toEqual(['a', 'b', 'c', 'd']);
  });

  it('ifAvailable runs at once with null when the lock is taken; steal takes it and rejects the holder', async () => {
    const origin = fakeOrigin();
    const [a, b] = [origin.openTab(), origin.openTab()];
    const held = a.locks!.request('l', {}, () => new Promise<void>(() => undefined));
    await tick();
    expect(await b.locks!.request('l', { ifAvailable: true }, (lock) => lock)).toBeNull();
    expect(await b.locks!.request('l', { steal: true }, (lock) => lock)).toEqual({ name: 'l', mode: 'exclusive' });
    await expect(held).rejects.toMatchObject({ name: 'AbortError' });
    expect(origin.locks.held('l')).toEqual([]);
  });

  it('an aborted wait rejects and leaves the queue', async () => {
    const origin = fakeOrigin();
    const [a, b] = [origin.openTab(), origin.openTab()];
    const first = holdable();
    void a.locks!.request('l', {}, () => first.held);
    const abort = new AbortController();
    const waiting = b.locks!.request('l', { signal: abort.signal }, () => 'granted');
    await tick();
    abort.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    expect(origin.locks.waiting('l')).toEqual([]);
  });
});

describe('the fake channels and storage', () => {
  it('a message reaches every other end of its name, a clone, a moment later; never the sender nor a closed tab', async () => {
    const origin = fakeOrigin();
    const [a, b, c] = [origin.openTab(), origin.openTab(), origin.openTab()];
    const heard: string[] = [];
    const sender = a.channels.open('ch', () => heard.push('a'));
    a.channels.open('ch', () => heard.push('a2'));
    b.channels.open('ch', () => heard.push('b'));
    c.channels.open('ch', () => heard.push('c'));
    c.close();
    sender!.post({ n: 1 });
    expect(heard).toEqual([]);
    await tick();
    expect(heard).toEqual(['a2', 'b']);
  });

  it('a shared-storage write is heard by the other tabs only', async () => {
    const origin = fakeOrigin();
    const [a, b] = [origin.openTab(), origin.openTab()];
    const heard: (string | null)[] = [];
    a.shared.onChange((key) => heard.push(`a:${key}`));
    b.shared.onChange((key) => heard.push(`b:${key}`));
    a.shared.write('k', 'v');
    await tick();
    expect(heard).toEqual(['b:k']);
    expect(b.shared.read('k')).toBe('v');
  });
});
