import { describe, expect, it } from 'vitest';
import type { MaintenanceAlert } from '../../lib/alerts/alertSchemas';
import { maintenanceAcknowledgement, maintenanceFromAnswer, maintenanceMoreInformation, mayCheckMaintenance } from './maintenance';

const alert: MaintenanceAlert = {
  alertScheduleId: 'schedule-7',
  maintenanceScheduleAttributes: { MaintenanceStartTime: '2026-06-01T02:00:00', MaintenanceEndTime: '2026-06-01T06:00:00' },
};

/** The Scheduled Maintenance rule end to end: permission, answer, link and what closing sends. */
describe('scheduled maintenance (SPEC §2, §4, §7)', () => {
  it.each<[string, string[], { body: unknown } | null, boolean, MaintenanceAlert | null, string | null]>([
    // case, permissions, read answer, do not show again, announced, acknowledged schedule
    ['the alert, closed unticked', ['MaintenanceAlertView'], { body: alert }, false, alert, null],
    ['the alert, closed ticked', ['MaintenanceAlertView'], { body: alert }, true, alert, 'schedule-7'],
    ['204', ['MaintenanceAlertView'], { body: undefined }, true, null, null],
    ['null body', ['MaintenanceAlertView'], { body: null }, true, null, null],
    ['{} body', ['MaintenanceAlertView'], { body: {} }, true, null, null],
    ['a failed read', ['MaintenanceAlertView'], null, true, null, null],
    ['an answer off the contract', ['MaintenanceAlertView'], { body: { alertScheduleId: 7 } }, true, null, null],
    ['times with a zone (the contract sends UTC without one)', ['MaintenanceAlertView'], { body: { ...alert, maintenanceScheduleAttributes: { MaintenanceStartTime: '2026-06-01T02:00:00Z', MaintenanceEndTime: '2026-06-01T06:00:00Z' } } }, true, null, null],
    ['no MaintenanceAlertView', ['BenchmarkingMetadataView'], { body: alert }, true, null, null],
  ])('%s', (_case, permissions, answer, doNotShowAgain, announced, acknowledged) => {
    const asked = mayCheckMaintenance(new Set(permissions));
    const shown = asked ? maintenanceFromAnswer(answer) : null;
    expect(shown).toEqual(announced);
    expect(shown ? maintenanceAcknowledgement(shown, doNotShowAgain) : null).toBe(acknowledged);
  });

  it.each<[boolean, string | null, string | null]>([
    [true, 'https://status.example.test/', 'https://status.example.test/'],
    [false, 'https://status.example.test/', null],
    [true, null, null],
  ])('More information with a License %s and a safe address %s → %s', (license, url, link) => {
    expect(maintenanceMoreInformation(license, url)).toBe(link);
  });
});
