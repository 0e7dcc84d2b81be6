import { describe, expect, it } from 'vitest';
import { decideStartupRun, type StartupRunDecision, type StartupRunInput } from './runDecision';

const excluded = ['/auth', '/eula', '/landing', '/404', '/onboarding', '/vendor-portal/trust-profile-shares'];
const claims = { root: 'root-1', tenantGuid: 'tenant-1' };

describe('start-up run decision (SPEC §4)', () => {
  it.each<[string, Omit<StartupRunInput, 'excludedPrefixes'>, StartupRunDecision]>([
    ['a signed-in route, state from the platform', { pathname: '/mfe-host', stateSource: 'network', claims }, { run: true, modalsRoot: 'root-1' }],
    ['a remote served at its own route', { pathname: '/reporting/benchmarking', stateSource: 'network', claims }, { run: true, modalsRoot: 'root-1' }],
    ['an excluded route', { pathname: '/eula', stateSource: 'network', claims }, { run: false }],
    ['an excluded prefix', { pathname: '/vendor-portal/trust-profile-shares/42', stateSource: 'network', claims }, { run: false }],
    ['the last known state (offline start): banners only', { pathname: '/mfe-host', stateSource: 'stored', claims }, { run: true, modalsRoot: null }],
    ['a token without root: its tenant is the auth root', { pathname: '/mfe-host', stateSource: 'network', claims: { root: '', tenantGuid: 'tenant-1' } }, { run: true, modalsRoot: 'tenant-1' }],
    ['no claims: banners only', { pathname: '/mfe-host', stateSource: 'network', claims: null }, { run: true, modalsRoot: null }],
  ])('%s', (_case, input, decision) => {
    expect(decideStartupRun({ ...input, excludedPrefixes: excluded })).toEqual(decision);
  });
});
