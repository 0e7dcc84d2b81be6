// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { deleteKv, writeKv } from '../../session/core/sessionDb';
import { keptOrganisationKey } from '../../session/core/sessionKeys';
import { storeSessionOf } from '../../session/core/storedScope.testSupport';
import { keepOrganisation, readKeptOrganisation } from './keptOrganisation';
import { currentOrganisationAtom, keptOrganisationAtom, namedOrganisationAtom, orgTreeStatusAtom } from './orgTreeAtoms';

const ada = { guid: 'user-1', tenantGuid: 'tenant-1', orgGroupGuid: 'g', role: 'Site Admin' };
const corp = { Id: 'org-1', Name: 'Acme Corp' };

describe('the organisation the bar last named', () => {
  beforeEach(async () => {
    await deleteKv(keptOrganisationKey);
  });

  it('comes back for the same member, tenant, organisation group and role only', async () => {
    const scopeKey = await storeSessionOf(ada);
    expect(await keepOrganisation(scopeKey, corp)).toBe(true);
    expect(await readKeptOrganisation(scopeKey)).toEqual(corp);
    for (const other of [{ guid: 'user-2' }, { tenantGuid: 'tenant-2' }, { orgGroupGuid: 'g2' }, { role: 'Auditor' }]) {
      expect(await readKeptOrganisation(await storeSessionOf({ ...ada, ...other }))).toBeNull();
    }
  });

  it('is not kept once another scope is signed in (a late tree after a switch or a sign-out)', async () => {
    const scopeKey = await storeSessionOf(ada);
    await storeSessionOf({ ...ada, orgGroupGuid: 'g2' });
    expect(await keepOrganisation(scopeKey, corp)).toBe(false);
    await deleteKv('accessToken');
    expect(await keepOrganisation(scopeKey, corp)).toBe(false);
    expect(await readKeptOrganisation(scopeKey)).toBeNull();
  });

  it('ignores a corrupt entry', async () => {
    const scopeKey = await storeSessionOf(ada);
    for (const corrupt of ['Acme Corp', { scopeKey, Id: 7, Name: 'Acme Corp' }, { scopeKey, Id: 'org-1' }, null]) {
      await writeKv(keptOrganisationKey, corrupt);
      expect(await readKeptOrganisation(scopeKey)).toBeNull();
    }
  });

  it('is named while the tree loads, and gives way to the tree (or to no organisation, when the tree has none)', () => {
    const store = createStore();
    expect(store.get(namedOrganisationAtom)).toBeNull();
    store.set(keptOrganisationAtom, corp);
    expect(store.get(namedOrganisationAtom)).toEqual(corp);
    store.set(currentOrganisationAtom, { Id: 'org-2', Name: 'Acme Labs' });
    store.set(orgTreeStatusAtom, 'ready');
    expect(store.get(namedOrganisationAtom)).toEqual({ Id: 'org-2', Name: 'Acme Labs' });
    store.set(currentOrganisationAtom, null);
    store.set(orgTreeStatusAtom, 'empty');
    expect(store.get(namedOrganisationAtom)).toBeNull();
  });
});
