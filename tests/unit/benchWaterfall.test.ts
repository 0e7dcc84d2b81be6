import { describe, expect, it } from 'vitest';
import { waterfall } from '../../bench/waterfall';

const r = (start: number, end: number, url = `/r${start}`) => ({ url, start, end });

describe('the bench waterfall in front of the name', () => {
  it('requests started together are one round; one started after an answer ended opens the next', () => {
    // HTML; three scripts it names; the configuration asked for once a script has run; two calls.
    const requests = [r(0, 50), r(60, 120), r(61, 150), r(62, 130), r(200, 260), r(300, 400), r(305, 420)];
    expect(waterfall(requests, 500)).toEqual({ rounds: 4, total: 420, requests: 7 });
  });

  it('a request that starts before any answer of the open round has ended stays in it', () => {
    // The first script's answer ends at 120: the request at 110 could not have waited for it.
    expect(waterfall([r(0, 50), r(60, 120), r(110, 130), r(121, 140)], 500).rounds).toBe(3);
  });

  it('only requests answered before the name count, in any order given', () => {
    // One starts after the name; one starts before it but is still running when it shows.
    const requests = [r(600, 700), r(60, 120), r(0, 50), r(450, 650), r(130, 480)];
    expect(waterfall(requests, 500)).toEqual({ rounds: 3, total: 480, requests: 3 });
  });

  it('no request, no round', () => {
    expect(waterfall([], 100)).toEqual({ rounds: 0, total: 0, requests: 0 });
  });
});
