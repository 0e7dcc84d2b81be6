import { describe, expect, it } from 'vitest';
import { connectedState, connectionStatus, nextConnection, type ConnectionEvent, type ConnectionState } from './connectionStatus';

const run = (events: ConnectionEvent[], from: ConnectionState = connectedState) => events.reduce(nextConnection, from);

describe('connection status', () => {
  it('online until something says otherwise', () => {
    expect(connectionStatus(connectedState, true)).toBe('online');
  });

  it('a platform that answers nothing in time is reconnecting, not offline', () => {
    expect(connectionStatus(run([{ type: 'platform', online: false, silent: true }]), true)).toBe('reconnecting');
  });

  it('a refusing platform or a browser without network is offline', () => {
    expect(connectionStatus(run([{ type: 'platform', online: false }]), true)).toBe('offline');
    expect(connectionStatus(run([{ type: 'browser', online: false }]), true)).toBe('offline');
    // A silence heard while the browser itself reports no network is offline too.
    expect(connectionStatus(run([{ type: 'platform', online: false, silent: true }]), false)).toBe('offline');
    expect(connectionStatus(run([{ type: 'platform', online: false, silent: true }, { type: 'browser', online: false }]), true)).toBe('offline');
  });

  it('clears itself with the next answer', () => {
    const silent = run([{ type: 'platform', online: false, silent: true }]);
    expect(connectionStatus(nextConnection(silent, { type: 'platform', online: true }), true)).toBe('online');
    expect(connectionStatus(nextConnection(silent, { type: 'browser', online: true }), true)).toBe('online');
  });

  it('the latest word wins: a refusal after a silence is offline, a silence after a refusal reconnecting', () => {
    expect(connectionStatus(run([{ type: 'platform', online: false, silent: true }, { type: 'platform', online: false }]), true)).toBe('offline');
    expect(connectionStatus(run([{ type: 'platform', online: false }, { type: 'platform', online: false, silent: true }]), true)).toBe('reconnecting');
  });
});
