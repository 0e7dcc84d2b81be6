/**
 * A recording stand-in for the product-analytics provider's script (contract
 * RuntimeConfig.analytics.scriptUrl, e.g. `/remotes/analytics/{key}/agent.js`). It defines the
 * global the shell talks to, `window.trustShellAnalytics` (src/lib/analytics/agent.ts):
 * initialize(identity) / isReady() / track(name, props) / reset() / optOut().
 *
 * Every call is POSTed as JSON `{call, key, ready, args, page, n}` to `/remotes/analytics/collect`, so tests
 * read what the shell sent from the emulator's request log (`page`, the page's time origin, and `n`
 * number the calls: each is a request of its own, and two may reach the log in either order); loading the script is itself a logged
 * GET. The agent becomes ready READY_DELAY_MS after initialize, so the shell's bounded checks
 * (SPEC §9) are exercised. A test makes it "never load" with a fault or an override on the script.
 */
import { empty, text, type Reply } from '../http.ts';
import type { RouteDef } from '../router.ts';

export const ANALYTICS_SCRIPT_TEMPLATE = '/remotes/analytics/{key}/agent.js';
export const ANALYTICS_COLLECT_PATH = '/remotes/analytics/collect';
const READY_DELAY_MS = 25;

const standIn = `
(function () {
  var src = (document.currentScript && document.currentScript.src) || location.href;
  var match = /\\/remotes\\/analytics\\/([^/]+)\\/agent\\.js/.exec(new URL(src).pathname);
  var key = match ? decodeURIComponent(match[1]) : '';
  var collect = new URL(${JSON.stringify(ANALYTICS_COLLECT_PATH)}, src).href;
  var state = { identified: false, ready: false, optedOut: false };
  var sent = 0;
  function send(call, args) {
    sent += 1;
    try {
      fetch(collect, {
        method: 'POST',
        keepalive: true,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ call: call, key: key, ready: state.ready, args: args, page: performance.timeOrigin, n: sent }),
      }).catch(function () {});
    } catch (e) {}
  }
  window.trustShellAnalytics = {
    initialize: function (identity) {
      state.identified = true;
      state.optedOut = false;
      send('initialize', identity);
      setTimeout(function () {
        if (state.identified && !state.optedOut) state.ready = true;
      }, ${READY_DELAY_MS});
    },
    isReady: function () {
      return state.ready;
    },
    track: function (name, props) {
      send('track', { name: name, props: props });
    },
    reset: function () {
      state = { identified: false, ready: false, optedOut: false };
      send('reset', {});
    },
    optOut: function () {
      state.optedOut = true;
      state.ready = false;
      send('optOut', {});
    },
  };
  send('loaded', {});
})();
`;

function serveStandIn(): Reply {
  const reply = text(200, standIn, 'text/javascript; charset=utf-8');
  return { ...reply, headers: { ...reply.headers, 'cache-control': 'no-cache' } };
}

export const analyticsRoutes: RouteDef[] = [
  { method: 'GET', pattern: '/remotes/analytics/:key/agent.js', auth: 'none', handler: serveStandIn },
  { method: 'POST', pattern: ANALYTICS_COLLECT_PATH, auth: 'none', handler: () => empty(204) },
];
