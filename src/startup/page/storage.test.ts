// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { appStore } from '../../state/jotai';
import { storageKeys } from '../../lib/storage/keys';
import { removeLocal } from '../../lib/storage/localStore';
import { claimStartupModals, dismissAlert, dismissedAlertIdsAtom } from './storage';

beforeEach(() => {
  removeLocal(storageKeys.session);
  removeLocal(storageKeys.dismissedAlerts);
});

describe('the start-up session entry', () => {
  it('claims each auth root once until the entry is cleared (logoff removes it)', () => {
    expect(claimStartupModals('root-a')).toBe(true);
    expect(claimStartupModals('root-a')).toBe(false);
    expect(claimStartupModals('root-b')).toBe(true);
    removeLocal(storageKeys.session); // what logoff does
    expect(claimStartupModals('root-a')).toBe(true);
  });

  it('survives garbage in storage', () => {
    localStorage.setItem(storageKeys.session, '{not json');
    expect(claimStartupModals('root-a')).toBe(true);
    expect(claimStartupModals('root-a')).toBe(false);
  });
});

describe('dismissed alerts', () => {
  it('are stored by id and published to the atom', () => {
    localStorage.setItem(storageKeys.dismissedAlerts, '"garbage"');
    dismissAlert('a');
    dismissAlert('b');
    expect(JSON.parse(localStorage.getItem(storageKeys.dismissedAlerts)!)).toEqual(['a', 'b']);
    expect(appStore.get(dismissedAlertIdsAtom)).toEqual(['a', 'b']);
  });
});
