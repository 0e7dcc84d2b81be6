import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { platformRoutes } from '../../emulator/index.ts';
import { contractOperations, contractPathMatches, samplePath, type ContractHost, type ContractOperation } from './platformContract.ts';

/**
 * The hand-kept lists that repeat the contract (../shared/platform-api.yaml): the pipeline's
 * cacheable, token-free and start-up calls (src/pipeline/core/calls.ts) and the routes the emulator
 * serves with their cache flags. A list that names a call the contract does not have, or misses one
 * it marks, fails here.
 */
const operations = contractOperations();
const platformOperations = operations.filter((op) => op.host === 'platform');
const byKey = (op: Pick<ContractOperation, 'method' | 'path'>) => `${op.method} ${op.path}`;

const callsSource = readFileSync(new URL('../../src/pipeline/core/calls.ts', import.meta.url), 'utf8');

/** The regular expressions of one list in calls.ts, read as text (this project does not compile src/, and the functions hide them). */
function callsPatterns(list: string): RegExp[] {
  const body = new RegExp(`const ${list}: readonly RegExp\\[\\] = \\[([\\s\\S]*?)\\n\\];`).exec(callsSource)?.[1];
  if (!body) throw new Error(`calls.ts has no list ${list}`);
  return [...body.matchAll(/^\s*\/(.+)\/,$/gm)].map((m) => new RegExp(m[1]!));
}

/** calls.ts's functions, as its source spells them: a GET matching a list (cacheable, start-up), or any method (token-free). */
const isCacheableCall = (method: string, path: string) => method === 'GET' && callsPatterns('cacheablePatterns').some((p) => p.test(path));
const isStartupRead = (method: string, path: string) => method === 'GET' && callsPatterns('startupReadPatterns').some((p) => p.test(path));
const isTokenNotRequired = (path: string) => callsPatterns('tokenNotRequiredPatterns').some((p) => p.test(path));

/**
 * The concrete paths a calls.ts pattern stands for: its alternatives and optional groups spelt out,
 * each `[^/]+` a sample segment. Enough for the patterns that list holds; anything else throws.
 */
function pathsOf(pattern: RegExp): string[] {
  const expand = (source: string): string[] => {
    const group = /\(([^()]*)\)(\?)?/.exec(source);
    if (!group) {
      const path = source.replaceAll('[^/]+', 'sample-1').replaceAll('\\/', '/');
      if (/[\\[\](){}|?*+]/.test(path)) throw new Error(`calls.ts pattern not understood: ${pattern.source}`);
      return [path];
    }
    const choices = group[1]!.split('|');
    if (group[2]) choices.push('');
    return choices.flatMap((choice) => expand(source.slice(0, group.index) + choice + source.slice(group.index + group[0].length)));
  };
  return expand(pattern.source.replace(/^\^/, '').replace(/\$$/, ''));
}

/** Whether a concrete path is one of these contract operations'. */
const inContract = (ops: ContractOperation[], path: string) => ops.some((op) => contractPathMatches(op.path, path));

/**
 * Routes the emulator serves beyond the contract's operations, each with its reason. Anything else
 * it serves must be a contract operation (the issuer's under /oidc, the CRM's under /crm).
 */
const emulatorOnly: Record<string, string> = {
  'POST /api/access/v1/oauth/authorize': "the stand-in sign-in form of the platform's authorize page posts back to it",
  'POST /oidc/authorize': "the stand-in sign-in form of the issuer's authorize page posts back to it",
  'POST /oidc/token': "the issuer's token endpoint, found by discovery (token_endpoint); same rules as the platform's",
  'POST /oidc/userinfo': 'OpenID Connect Core lets a client read user-info by POST as well; the contract names GET',
  'POST /crm/servlet/servlet.WebToCase': 'the content attribute WebToCaseUrl names it; the contract has no operation for it',
  'GET /remotes/example/remote.js': "the test deployment's example micro-frontend, not a platform call",
  'GET /remotes/analytics/:key/agent.js': "the stand-in analytics agent (the deployment's script), not a platform call",
  'POST /remotes/analytics/collect': "the stand-in analytics agent's collector, so tests read its calls from the log",
};

/** The contract operation an emulator route stands for: the issuer's paths are served under /oidc, the CRM's under /crm. */
function contractFor(method: string, pattern: string): ContractOperation | undefined {
  const [host, path]: [ContractHost, string] = pattern.startsWith('/oidc/')
    ? ['issuer', pattern.slice('/oidc'.length)]
    : pattern.startsWith('/crm/')
      ? ['crm', pattern.slice('/crm'.length)]
      : ['platform', pattern];
  const concrete = path.replace(/:[^/]+/g, 'sample-1');
  return operations.find((op) => op.method === method && op.host === host && contractPathMatches(op.path, concrete));
}

describe('the contract as read (platformContract.ts)', () => {
  it('has its operations, cacheable and token-free ones among them', () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.filter((op) => op.cacheable).map(byKey)).toContain('GET /api/atlas/v1/theme');
    expect(operations.filter((op) => op.tokenNotRequired).map(byKey)).toContain('POST /api/access/v1/oauth/token');
    expect(operations.find((op) => op.path === '/userinfo')?.host).toBe('issuer');
  });

  it('catches a cacheable mark it is given', () => {
    const text = ['paths:', '  /api/x/{id}:', '    get:', '      x-cacheable: true', '    put:', '      summary: x', 'components:'].join('\n');
    expect(contractOperations(text)).toEqual([
      { method: 'GET', path: '/api/x/{id}', host: 'platform', cacheable: true, tokenNotRequired: false },
      { method: 'PUT', path: '/api/x/{id}', host: 'platform', cacheable: false, tokenNotRequired: false },
    ]);
  });
});

describe('src/pipeline/core/calls.ts against the contract', () => {
  it('reads the functions as calls.ts spells them', () => {
    expect(callsSource).toContain("return method.toUpperCase() === 'GET' && cacheablePatterns.some((p) => p.test(path));");
    expect(callsSource).toContain("return method.toUpperCase() === 'GET' && startupReadPatterns.some((p) => p.test(path));");
    expect(callsSource).toContain('return tokenNotRequiredPatterns.some((p) => p.test(path));');
  });

  it("reads calls.ts's patterns and spells out their alternatives", () => {
    expect(callsPatterns('cacheablePatterns').flatMap(pathsOf)).toEqual(expect.arrayContaining(['/api/content/v1/attributes', '/api/content/v1/attributes/auth']));
    expect(pathsOf(/^\/api\/alert\/v1\/alerts\/(banner|maintenance)\/immediate$/)).toEqual(['/api/alert/v1/alerts/banner/immediate', '/api/alert/v1/alerts/maintenance/immediate']);
  });

  it.each(platformOperations.map((op) => [byKey(op), op] as const))('cacheable exactly when the contract marks it: %s', (_key, op) => {
    expect(isCacheableCall(op.method, samplePath(op.path))).toBe(op.cacheable);
  });

  it('names no cacheable call the contract does not mark', () => {
    const marked = platformOperations.filter((op) => op.cacheable);
    expect(callsPatterns('cacheablePatterns').flatMap(pathsOf).filter((path) => !inContract(marked, path))).toEqual([]);
  });

  it('skips the pipeline for exactly the platform calls the contract marks token-free', () => {
    const wrong = platformOperations.filter((op) => op.path.startsWith('/api/') && isTokenNotRequired(samplePath(op.path)) !== op.tokenNotRequired);
    expect(wrong.map(byKey)).toEqual([]);
  });

  it('names only contract GETs as start-up reads', () => {
    const gets = platformOperations.filter((op) => op.method === 'GET');
    const paths = callsPatterns('startupReadPatterns').flatMap(pathsOf);
    expect(paths.filter((path) => !isStartupRead('GET', path))).toEqual([]);
    expect(paths.filter((path) => !inContract(gets, path))).toEqual([]);
  });
});

describe("the emulator's routes against the contract", () => {
  const routes = platformRoutes.map((route) => ({ key: `${route.method} ${route.pattern}`, route, operation: contractFor(route.method, route.pattern) }));

  it('serves only contract operations, and the few listed extras', () => {
    expect(routes.filter((r) => !r.operation && !(r.key in emulatorOnly)).map((r) => r.key)).toEqual([]);
    // An extra the contract has since gained is a contract operation, no longer an extra.
    expect(routes.filter((r) => r.operation && r.key in emulatorOnly).map((r) => r.key)).toEqual([]);
  });

  it('flags as cacheable exactly the operations the contract marks', () => {
    const wrong = routes.filter((r) => r.operation && Boolean(r.route.cacheable) !== r.operation.cacheable);
    expect(wrong.map((r) => r.key)).toEqual([]);
  });

  it("serves every platform operation of the contract (the shell's own /config.json aside)", () => {
    const missing = operations.filter((op) => op.host !== 'origin' && !routes.some((r) => r.operation === op));
    expect(missing.map(byKey)).toEqual([]);
  });
});
