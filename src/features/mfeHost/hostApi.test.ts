// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { appStore } from '../../state/jotai';
import { openToasts } from '../../components/toast/toast';
import { createHostApi } from './hostApi';
import { announceSave } from '../../session/page/saveEvent';
import { salesModalsAtom } from '../../lib/sales/salesFlow';
import { hasUnsavedWork } from '../../lib/forms/unsavedWork';
import { waitBound } from '../../core/waitBound.testSupport';

describe('the micro-frontend host API', () => {
  it('calls only the platform through the pipeline, never another origin', async () => {
    const host = createHostApi(() => undefined);
    await expect(host.fetch('https://evil.test/api/x')).rejects.toThrow(TypeError);
    await expect(host.fetch('//evil.test/api/x')).rejects.toThrow(TypeError);
  });

  it('takes a remote’s unsaved work until it says it is saved, or is unmounted', () => {
    const unmounted = new AbortController();
    const host = createHostApi(() => undefined, unmounted.signal);
    host.unsavedWork(true);
    expect(hasUnsavedWork()).toBe(true);
    host.unsavedWork(false);
    expect(hasUnsavedWork()).toBe(false);
    host.unsavedWork(true);
    unmounted.abort();
    expect(hasUnsavedWork()).toBe(false);
    host.unsavedWork(true);
    expect(hasUnsavedWork()).toBe(false);
  });

  it('navigates only within the app', () => {
    const navigate = vi.fn();
    const host = createHostApi(navigate);
    host.navigation.navigate('//evil.test/x');
    host.navigation.navigate('https://evil.test/x');
    host.navigation.navigate('/reporting/benchmarking');
    expect(navigate.mock.calls).toEqual([['/reporting/benchmarking']]);
  });

  it('opens the shell’s upgrade flow (also callable by micro-frontends)', async () => {
    appStore.set(salesModalsAtom, []);
    createHostApi(() => undefined).sales.openUpgrade();
    await vi.waitFor(() => expect(appStore.get(salesModalsAtom)).toEqual([{ kind: 'upgrade' }]), waitBound);
    appStore.set(salesModalsAtom, []);
  });

  it('shows the shell’s toasts', () => {
    const host = createHostApi(() => undefined);
    host.toast.show({ titleKey: 'PreferencesSaved', type: 'success' });
    expect(openToasts().map((t) => t.titleKey)).toContain('PreferencesSaved');
  });

  it('hands out a frozen session without tokens', () => {
    const session = createHostApi(() => undefined).session();
    expect(Object.isFrozen(session)).toBe(true);
    expect(JSON.stringify(session)).not.toMatch(/token/i);
  });

  it('tells a remote to save before a timed-out sign-out, and waits for it until unmounted', async () => {
    const unmounted = new AbortController();
    const host = createHostApi(() => undefined, unmounted.signal);
    const saved: string[] = [];
    host.onSave(() => new Promise<void>((resolve) => setTimeout(() => { saved.push('draft'); resolve(); }, 5)));
    await announceSave();
    expect(saved).toEqual(['draft']);
    unmounted.abort();
    await announceSave();
    expect(saved).toEqual(['draft']);
  });
});
