import { describe, expect, it } from 'vitest';
import { handledByPipeline } from './apiRoutes';

const origin = 'https://shell.example.test';
const handled = (path: string, method = 'GET', mode: RequestMode = 'cors', base = origin) => handledByPipeline(new URL(path, base), method, mode, origin);

describe('which requests the service worker runs through the pipeline', () => {
  it('same-origin /api calls of any method, and relative writes (for X-XSRF-TOKEN)', () => {
    expect(handled('/api/access/v1/permissions')).toBe(true);
    expect(handled('/api/alert/v1/schedules/7/acknowledge', 'POST')).toBe(true);
    expect(handled('/seed-translations/en-us')).toBe(false);
    expect(handled('/anything', 'PUT')).toBe(true);
  });

  it('never navigations or other origins (they must not carry the bearer)', () => {
    expect(handled('/api/global-state/v1/init', 'GET', 'navigate')).toBe(false);
    expect(handled('/api/global-state/v1/init', 'GET', 'cors', 'https://elsewhere.example.test')).toBe(false);
  });

  it('not a read the page has prepared itself (sent in the same-origin mode); its writes still are', () => {
    expect(handled('/api/global-state/v1/init', 'GET', 'same-origin')).toBe(false);
    expect(handled('/api/alert/v1/schedules/7/acknowledge', 'POST', 'same-origin')).toBe(true);
  });

  it('not the token call: left to the browser, its answer outlives a stopped worker', () => {
    expect(handled('/api/access/v1/oauth/token', 'POST')).toBe(false);
  });
});
