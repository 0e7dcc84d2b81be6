// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from '../../config/runtimeConfig';
import { defaultRuntimeConfig } from '../../config/runtimeConfig';
import { channels } from '../../core/protocol';
import { onLoginEvent, type LoginEvent } from './loginEvents';
import { completeSso } from './sso';
import { signInInPopup } from './reSignInPopup';

vi.mock('./sso', () => ({ completeSso: vi.fn() }));
vi.mock('./ssoFlow.chunk', () => ({
  startSsoFlow: (_config: RuntimeConfig, _email: string, deps: { navigate(url: string): void }) => {
    deps.navigate(`${location.origin}/api/access/v1/oauth/authorize?state=expected-state`);
    return Promise.resolve();
  },
}));

const config = defaultRuntimeConfig;

interface FakePopup {
  closed: boolean;
  close: () => void;
  location: { replace: (url: string) => void };
  visited: string[];
}

function fakePopup(): FakePopup {
  const popup: FakePopup = { closed: false, close: () => void (popup.closed = true), location: { replace: (url) => void popup.visited.push(url) }, visited: [] };
  return popup;
}

let events: LoginEvent[];
let stop: () => void;
beforeEach(() => {
  events = [];
  stop = onLoginEvent((e) => void events.push(e));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  stop();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('signing in again in a popup', () => {
  it('opens it 500 × 470 and sends it to the authorization request', async () => {
    vi.useFakeTimers();
    const popup = fakePopup();
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const started = signInInPopup(config, 'sso@acme.test');
    await flush();
    expect(open.mock.calls[0]?.[2]).toMatch(/^popup,width=500,height=470,left=\d+,top=\d+$/);
    expect(popup.visited).toEqual([`${location.origin}/api/access/v1/oauth/authorize?state=expected-state`]);
    started.cancel();
  });

  it('a blocked popup is popup_blocked', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    await expect(signInInPopup(config, 'sso@acme.test').outcome).resolves.toEqual({ kind: 'blocked' });
    expect(events.map((e) => e.type)).toEqual(['popup_blocked']);
  });

  it('a popup closed without an answer is popup_closed, on the poll after its 5 s for a return to arrive', async () => {
    vi.useFakeTimers();
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const settled = vi.fn();
    void signInInPopup(config, 'sso@acme.test').outcome.then(settled);
    await vi.advanceTimersByTimeAsync(1500);
    expect(settled).not.toHaveBeenCalled();
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(5000);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);
    expect(settled).toHaveBeenCalledWith({ kind: 'closed' });
    expect(events.map((e) => e.type)).toEqual(['popup_closed']);
  });

  it('a popup that never answers is given up after 240 s and closed', async () => {
    vi.useFakeTimers();
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const settled = vi.fn();
    void signInInPopup(config, 'sso@acme.test').outcome.then(settled);
    await vi.advanceTimersByTimeAsync(239_999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledWith({ kind: 'no-answer' });
    expect(popup.closed).toBe(true);
  });

  it('exchanges only a return with the state it asked for, from this origin', async () => {
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const granted = { tokens: {}, kind: 'Bearer', proofKey: null };
    vi.mocked(completeSso).mockResolvedValue({ ok: true, granted, email: 'sso@acme.test' } as never);
    const started = signInInPopup(config, 'sso@acme.test');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const channel = new BroadcastChannel(channels.reSignIn);
    channel.postMessage({ type: 're-sign-in-return', href: `${location.origin}/auth?code=c&state=another-state` });
    channel.postMessage({ type: 're-sign-in-return', href: `https://elsewhere.test/auth?code=c&state=expected-state` });
    channel.postMessage({ type: 're-sign-in-return', href: `${location.origin}/auth?code=c&state=expected-state` });
    await expect(started.outcome).resolves.toEqual({ kind: 'answered', granted, email: 'sso@acme.test' });
    channel.close();
    expect(vi.mocked(completeSso).mock.calls.map(([, url]) => url.href)).toEqual([`${location.origin}/auth?code=c&state=expected-state`]);
    expect(popup.closed).toBe(true);
  });
});
