// @vitest-environment jsdom
// jsdom: the product-improvements description goes through DOMPurify (trustworthy only under jsdom).
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithKeys } from '../../components/keyTexts.testSupport';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore, Provider } from '../../state/jotai';
import { apiFetch } from '../../pipeline/page/apiFetch';
import { contentAtom, currentUserAtom, permissionsAtom, stateSourceAtom, toolPreferencesAtom } from '../../lib/state/signedInState';
import { runtimeConfigAtom } from '../../config/configAtom';
import { defaultRuntimeConfig } from '../../config/runtimeConfig';
import { sessionAtom, signedOutSession } from '../../session/page/sessionAtoms';
import { removeLocal } from '../../lib/storage/localStore';
import { storageKeys } from '../../lib/storage/keys';
import type { AccessClaims } from '../../session/core/claims';
import { StartupFlows } from './StartupFlows';

// The texts are their keys (renderWithKeys), so keys are asserted.
vi.mock('../../pipeline/page/apiFetch', () => ({ apiFetch: vi.fn() }));
// Writes go straight to the mocked apiFetch (the outbox has its own tests).
vi.mock('../../outbox/page/outbox', () => import('../../outbox/page/directOutbox.testSupport'));
const api = vi.mocked(apiFetch);

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const id = '5d0a8c1e-7b1f-4c1e-9a53-3f1d2b6f0a11';
const maintenance = { alertScheduleId: id, maintenanceScheduleAttributes: { MaintenanceStartTime: '2024-06-01T02:00:00', MaintenanceEndTime: '2024-06-01T06:00:00' } };
const notification = { messageId: 'BenchmarkingHomePageAnnouncement', notificationStatus: true, notificationType: 'HOME_PAGE' };
const user = { id: 'u', FirstName: 'A', LastName: 'B', FullName: 'A B', Email: 'a@acme.test', OrgGroupName: 'G', CurrentTenant: 'T' };
const claims = { guid: 'u', tenantGuid: 't', root: 'root-1' } as AccessClaims;

const reads = () => api.mock.calls.filter(([, init]) => !init?.method).map(([path]) => path.split('?')[0]);
const writes = () => api.mock.calls.filter(([, init]) => init?.method).map(([path, init]) => `${init!.method} ${path}${init!.body ? ` ${init!.body as string}` : ''}`);

/** Shows the router's path, so the test reads where LearnMore went. */
function Where() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function mount(path: string) {
  return renderWithKeys(
    <Provider store={appStore}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <StartupFlows />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  api.mockReset();
  api.mockImplementation((path, init) => {
    if (init?.method) return Promise.resolve(new Response(null, { status: 204 }));
    if (path.startsWith('/api/alert/v1/alerts/maintenance/immediate')) return Promise.resolve(json(maintenance));
    if (path.startsWith('/api/benchmarking/v1/notification/HOME_PAGE')) return Promise.resolve(json(notification));
    return Promise.resolve(json([]));
  });
  removeLocal(storageKeys.session);
  appStore.set(sessionAtom, { ...signedOutSession, isLoggedIn: true, claims });
  appStore.set(permissionsAtom, new Set(['MaintenanceAlertView', 'BenchmarkingMetadataView', 'AnalyticsGuidance', 'UserToolSetting']));
  appStore.set(toolPreferencesAtom, { UserFeedback: true, UserGuidance: true, ProductImprovements: false, ProductImprovementsNotification: true });
  appStore.set(stateSourceAtom, 'network');
  appStore.set(currentUserAtom, user);
});

afterEach(() => {
  cleanup();
  appStore.set(contentAtom, null);
  appStore.set(runtimeConfigAtom, defaultRuntimeConfig);
  vi.useRealTimers();
  appStore.set(currentUserAtom, null);
});

const dialog = () => screen.queryByRole('dialog');

/** Moves the fake clock, then lets a modal whose code loads on its turn arrive. */
async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await act(() => vi.dynamicImportSettled());
}

describe('StartupFlows (SPEC §4 start-up)', () => {
  it('runs 250 ms after a current user exists and shows the dialogs one at a time, in order', async () => {
    mount('/mfe-host');
    await advance(249);
    expect(api).not.toHaveBeenCalled();
    await advance(1);
    expect(reads().sort()).toEqual([
      '/api/alert/v1/alerts/banner/immediate',
      '/api/alert/v1/alerts/maintenance/immediate',
      '/api/benchmarking/v1/notification/HOME_PAGE',
    ]);
    expect(dialog()?.textContent).toContain('ScheduledMaintenance');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);

    fireEvent.click(screen.getByRole('checkbox', { name: 'DoNotShowAgain' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await advance(0);
    expect(dialog()?.textContent).toContain('NewBenchmarkingFeature');

    fireEvent.click(screen.getByRole('button', { name: 'RemindMeLater' }));
    await advance(0);
    expect(dialog()?.textContent).toContain('ProductImprovementsTitle');

    fireEvent.click(screen.getByRole('button', { name: 'RemoveGuidance' }));
    await advance(0);
    expect(dialog()).toBeNull();
    expect(writes()).toEqual([
      `POST /api/alert/v1/schedules/${id}/acknowledge`,
      `PUT /api/benchmarking/v1/notification ${JSON.stringify({ ...notification, notificationStatus: true })}`,
      'PUT /api/access/v1/tool-settings/user-preferences {"UserFeedback":true,"UserGuidance":true,"ProductImprovements":false,"ProductImprovementsNotification":false}',
    ]);
  });

  it.each(['/landing', '/onboarding/welcome', '/vendor-portal/trust-profile-shares/1', '/404'])('does nothing on %s', async (path) => {
    mount(path);
    await advance(1000);
    expect(api).not.toHaveBeenCalled();
    expect(dialog()).toBeNull();
  });

  it('does nothing without a current user', async () => {
    appStore.set(currentUserAtom, null);
    mount('/mfe-host');
    await advance(1000);
    expect(api).not.toHaveBeenCalled();
  });

  it('shows the modals once per session per auth root; banners load on every run', async () => {
    const first = mount('/mfe-host');
    await advance(250);
    expect(dialog()).not.toBeNull();
    first.unmount();
    api.mockClear();

    mount('/mfe-host');
    await advance(250);
    expect(reads()).toEqual(['/api/alert/v1/alerts/banner/immediate']);
    expect(dialog()).toBeNull();
    cleanup();

    // Another auth root (a tenant switch) is a new start.
    appStore.set(sessionAtom, { ...signedOutSession, isLoggedIn: true, claims: { ...claims, root: 'root-2' } });
    api.mockClear();
    mount('/mfe-host');
    await advance(250);
    expect(reads()).toContain('/api/alert/v1/alerts/maintenance/immediate');
  });

  it('an offline start (last known state) keeps the modals for the run after recovery', async () => {
    appStore.set(stateSourceAtom, 'stored');
    mount('/mfe-host');
    await advance(250);
    expect(reads()).toEqual(['/api/alert/v1/alerts/banner/immediate']);
    // Recovery loads the state again: a new current user object, from the network.
    act(() => {
      appStore.set(stateSourceAtom, 'network');
      appStore.set(currentUserAtom, { ...user });
    });
    await advance(250);
    expect(dialog()?.textContent).toContain('ScheduledMaintenance');
  });

  it('Escape closes like the X: benchmarking sends status true, unticked maintenance sends nothing', async () => {
    mount('/mfe-host');
    await advance(250);
    fireEvent.keyDown(dialog()!, { key: 'Escape' });
    await advance(0);
    expect(dialog()?.textContent).toContain('NewBenchmarkingFeature');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await advance(0);
    expect(writes()).toEqual([`PUT /api/benchmarking/v1/notification ${JSON.stringify(notification)}`]);
  });

  it('LearnMore closes without a request and goes to /reporting/benchmarking', async () => {
    appStore.set(permissionsAtom, new Set(['BenchmarkingMetadataView']));
    mount('/mfe-host');
    await advance(250);
    fireEvent.click(screen.getByRole('button', { name: 'LearnMore' }));
    await advance(0);
    expect(dialog()).toBeNull();
    expect(writes()).toEqual([]);
    expect(screen.getByTestId('path').textContent).toBe('/reporting/benchmarking');
  });

  it('the product-improvements modal closes when the save fails, and the preferences stay as they were', async () => {
    appStore.set(permissionsAtom, new Set(['AnalyticsGuidance', 'UserToolSetting']));
    api.mockImplementation((_path, init) => Promise.resolve(init?.method ? json({}, 500) : json([])));
    mount('/mfe-host');
    await advance(250);
    expect(dialog()?.textContent).toContain('ProductImprovementsDescription');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await advance(0);
    expect(dialog()).toBeNull();
    expect(writes()).toHaveLength(1);
    expect(appStore.get(toolPreferencesAtom)?.ProductImprovementsNotification).toBe(true);
  });

  it.each<[string, string | null, string | null, string | null]>([
    ['a License and a configured status page', 'Enterprise', 'https://status.acme.test/', 'https://status.acme.test/'],
    ['no License', null, 'https://status.acme.test/', null],
    ['no status page configured', 'Enterprise', null, null],
    ['a script address', 'Enterprise', 'javascript:alert(1)', 'about:blank'],
  ])('MoreInformation with %s', async (_name, license, url, href) => {
    appStore.set(contentAtom, { License: license, CustomerSuccessKey: null, loginLogo: null, CommunityAppUrl: null, Attributes: [] });
    appStore.set(runtimeConfigAtom, { ...defaultRuntimeConfig, systemStatusUrl: url });
    mount('/mfe-host');
    await advance(250);
    expect(dialog()?.textContent).toContain('ScheduledMaintenance');
    expect(screen.queryByRole('link', { name: 'MoreInformation' })?.getAttribute('href') ?? null).toBe(href);
  });
});
