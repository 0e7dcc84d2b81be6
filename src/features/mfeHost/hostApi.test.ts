import { describe, expect, it, vi } from 'vitest';
import { appStore } from '../../state/jotai';
import { toastsAtom } from '../../components/toast/toast';
import { createHostApi } from './hostApi';

describe('the micro-frontend host API', () => {
  it('calls only the platform through the pipeline, never another origin', async () => {
    const host = createHostApi(() => undefined);
    await expect(host.fetch('https://evil.test/api/x')).rejects.toThrow(TypeError);
    await expect(host.fetch('//evil.test/api/x')).rejects.toThrow(TypeError);
  });

  it('navigates only within the app', () => {
    const navigate = vi.fn();
    const host = createHostApi(navigate);
    host.navigation.navigate('//evil.test/x');
    host.navigation.navigate('https://evil.test/x');
    host.navigation.navigate('/reporting/benchmarking');
    expect(navigate.mock.calls).toEqual([['/reporting/benchmarking']]);
  });

  it('shows the shell’s toasts', () => {
    const host = createHostApi(() => undefined);
    host.toast.show({ titleKey: 'PreferencesSaved', type: 'success' });
    expect(appStore.get(toastsAtom).map((t) => t.titleKey)).toContain('PreferencesSaved');
  });

  it('hands out a frozen session without tokens', () => {
    const session = createHostApi(() => undefined).session();
    expect(Object.isFrozen(session)).toBe(true);
    expect(JSON.stringify(session)).not.toMatch(/token/i);
  });
});
