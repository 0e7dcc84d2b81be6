import { describe, expect, it } from 'vitest';
import { startupExcludedPrefixes } from '../../config/paths';
import type { ToolPreferences } from '../../lib/state/globalStateTypes';
import type { BenchmarkingNotification, MaintenanceAlert } from '../../lib/alerts/alertSchemas';
import {
  benchmarkingSave,
  currentSlot,
  mayCheckBenchmarking,
  parseAnnouncedMaintenance,
  parseStartupRoots,
  showsMaintenanceBanner,
  withAnnouncedMaintenance,
  productImprovementsSave,
  showsBenchmarking,
  showsProductImprovements,
  withStartupRoot,
  type StartupModal,
  type StartupSlot,
} from './modalRules';
import { isStartupPath } from './runDecision';
import { mayCheckMaintenance } from './maintenance';

const prefs: ToolPreferences = { UserFeedback: true, UserGuidance: true, ProductImprovements: false, ProductImprovementsNotification: true };
const notification: BenchmarkingNotification = { messageId: 'BenchmarkingHomePageAnnouncement', notificationStatus: true, notificationType: 'HOME_PAGE' };
const alert: MaintenanceAlert = {
  alertScheduleId: 'x',
  maintenanceScheduleAttributes: { MaintenanceStartTime: '2024-06-01T02:00:00', MaintenanceEndTime: '2024-06-01T06:00:00' },
};

describe('start-up paths (SPEC §2, §4)', () => {
  it.each<[string, boolean]>([
    ['/mfe-host', true],
    ['/mfe-host/home', true],
    ['/reporting/benchmarking', true],
    ['/landing', false],
    ['/auth', false],
    ['/auth/connected-apps', false],
    ['/eula', false],
    ['/404', false],
    ['/404/clouds', false],
    ['/onboarding/step-1', false],
    ['/vendor-portal/trust-profile-shares/42', false],
    ['/vendor-portal/other', true],
  ])('%s → runs %s', (path, runs) => {
    expect(isStartupPath(path, startupExcludedPrefixes)).toBe(runs);
  });
});

describe('the session entry (once per session per auth root)', () => {
  it.each<[string | null, string[]]>([
    [null, []],
    ['garbage', []],
    ['[1,2]', []],
    ['{"startupRoots":"root-a"}', []],
    ['{"startupRoots":["root-a", 7]}', ['root-a']],
  ])('%j reads as %j', (raw, roots) => {
    expect(parseStartupRoots(raw)).toEqual(roots);
  });

  it('marks a root done once and keeps the other fields of a valid entry', () => {
    const once = withStartupRoot('{"other":1,"startupRoots":["a"]}', 'b');
    expect(JSON.parse(once)).toEqual({ other: 1, startupRoots: ['a', 'b'] });
    expect(parseStartupRoots(withStartupRoot(once, 'b'))).toEqual(['a', 'b']);
    expect(parseStartupRoots(withStartupRoot('garbage', 'c'))).toEqual(['c']);
  });
});

describe('the announced maintenance window (SPEC §2 banner area)', () => {
  it('is kept in the session entry beside the roots, and garbage reads as none', () => {
    const raw = withAnnouncedMaintenance(withStartupRoot(null, 'root-a'), alert);
    expect(parseAnnouncedMaintenance(raw)).toEqual(alert);
    expect(parseStartupRoots(raw)).toEqual(['root-a']);
    expect(parseStartupRoots(withStartupRoot(raw, 'root-b'))).toEqual(['root-a', 'root-b']);
    expect(parseAnnouncedMaintenance(withStartupRoot(raw, 'root-b'))).toEqual(alert);
    for (const bad of [null, '', '{', '[]', '{"announcedMaintenance":{"alertScheduleId":"x"}}', JSON.stringify({ announcedMaintenance: { ...alert, maintenanceScheduleAttributes: { MaintenanceStartTime: 'soon', MaintenanceEndTime: 'later' } } })])
      expect(parseAnnouncedMaintenance(bad), String(bad)).toBeNull();
  });

  it('shows until the window ends, unless its schedule id was dismissed (any case)', () => {
    const end = Date.UTC(2024, 5, 1, 6);
    expect(showsMaintenanceBanner(alert, [], end - 1)).toBe(true);
    expect(showsMaintenanceBanner(alert, [], Date.UTC(2024, 0, 1))).toBe(true); // before it starts too
    expect(showsMaintenanceBanner(alert, [], end)).toBe(false);
    expect(showsMaintenanceBanner(alert, ['X'], end - 1)).toBe(false);
    expect(showsMaintenanceBanner(alert, ['y'], end - 1)).toBe(true);
    expect(showsMaintenanceBanner(null, [], 0)).toBe(false);
  });
});

describe('conditions (SPEC §4, §6)', () => {
  const all = new Set(['MaintenanceAlertView', 'BenchmarkingMetadataView', 'AnalyticsGuidance', 'UserToolSetting']);
  it('maintenance and benchmarking need their permissions', () => {
    expect(mayCheckMaintenance(all)).toBe(true);
    expect(mayCheckMaintenance(new Set(['BenchmarkingMetadataView']))).toBe(false);
    expect(mayCheckBenchmarking(all)).toBe(true);
    expect(mayCheckBenchmarking(new Set(['MaintenanceAlertView']))).toBe(false);
  });

  it.each<[string, BenchmarkingNotification | null, boolean]>([
    ['status true', notification, true],
    ['status false', { ...notification, notificationStatus: false }, false],
    ['no announcement or a failed read', null, false],
  ])('benchmarking with %s → shown %s', (_name, value, shown) => {
    expect(showsBenchmarking(value)).toBe(shown);
  });

  it.each<[string, string[], ToolPreferences | null, boolean]>([
    ['both permissions and the notification on', ['AnalyticsGuidance', 'UserToolSetting'], prefs, true],
    ['the notification off', ['AnalyticsGuidance', 'UserToolSetting'], { ...prefs, ProductImprovementsNotification: false }, false],
    ['no AnalyticsGuidance', ['UserToolSetting'], prefs, false],
    ['no UserToolSetting', ['AnalyticsGuidance'], prefs, false],
    ['a failed preferences read', ['AnalyticsGuidance', 'UserToolSetting'], null, false],
  ])('product improvements with %s → shown %s', (_name, granted, value, shown) => {
    expect(showsProductImprovements(new Set(granted), value)).toBe(shown);
  });
});

describe('outcomes', () => {
  it.each<[Parameters<typeof benchmarkingSave>[1], boolean | null]>([
    ['doNotShowAgain', false],
    ['remindMeLater', true],
    ['close', true],
    ['learnMore', null],
  ])('benchmarking %s sends status %j', (outcome, status) => {
    const body = benchmarkingSave(notification, outcome);
    expect(body).toEqual(status === null ? null : { messageId: notification.messageId, notificationStatus: status, notificationType: 'HOME_PAGE' });
  });

  it.each<[Parameters<typeof productImprovementsSave>[1], boolean]>([
    ['continue', true],
    ['close', true],
    ['removeGuidance', false],
  ])('product improvements %s → ProductImprovements %s, notification off, the rest kept', (outcome, enabled) => {
    expect(productImprovementsSave({ ...prefs, UserFeedback: false }, outcome)).toEqual({
      UserFeedback: false,
      UserGuidance: true,
      ProductImprovements: enabled,
      ProductImprovementsNotification: false,
    });
  });
});

describe('the dialog queue (one at a time, in order)', () => {
  const m: StartupModal = { kind: 'maintenance', alert };
  const b: StartupModal = { kind: 'benchmarking', notification };
  const p: StartupModal = { kind: 'productImprovements', preferences: prefs };
  it.each<[string, StartupSlot[], number | null]>([
    ['nothing started', [], null],
    ['all pending', ['pending', 'pending', 'pending'], null],
    ['a later dialog waits for an earlier pending check', ['pending', b, p], null],
    ['maintenance first', [m, b, p], 0],
    ['no maintenance: benchmarking', [null, b, 'pending'], 1],
    ['after the first two closed', [null, null, p], 2],
    ['all done', [null, null, null], null],
  ])('%s', (_name, slots, index) => {
    expect(currentSlot(slots)).toBe(index);
  });
});
