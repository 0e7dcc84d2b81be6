/**
 * The operations of ../shared/platform-api.yaml, read from its `paths:` section line by line (the
 * project has no YAML parser, and the contract's layout is regular: a path at two spaces, its
 * methods at four, their extensions at six). For the tests that check hand-kept lists against it.
 */
import { readFileSync } from 'node:fs';

export type ContractHost = 'platform' | 'issuer' | 'crm' | 'origin';

export interface ContractOperation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** As the contract writes it, parameters in braces: `/api/branding/v1/resources/groups/{group}`. */
  path: string;
  /** Where the contract's path-level `servers` put it: the platform, the OIDC issuer, the CRM, or the shell's own host. */
  host: ContractHost;
  cacheable: boolean;
  tokenNotRequired: boolean;
}

export const contractText = readFileSync(new URL('../../../shared/platform-api.yaml', import.meta.url), 'utf8');

export function contractOperations(text: string = contractText): ContractOperation[] {
  const lines = text.split('\n');
  const start = lines.indexOf('paths:');
  if (start < 0) throw new Error('the contract has no paths section');
  const operations: ContractOperation[] = [];
  let path: string | null = null;
  let host: ContractHost = 'platform';
  let inPathServers = false;
  let current: ContractOperation | null = null;
  for (const line of lines.slice(start + 1)) {
    if (/^\S/.test(line)) break; // the next top-level key (components)
    const pathMatch = /^ {2}(\/\S*):\s*$/.exec(line);
    if (pathMatch) {
      path = pathMatch[1]!;
      host = 'platform';
      inPathServers = false;
      current = null;
      continue;
    }
    if (path === null) continue;
    const fourSpaces = /^ {4}(\S[^:]*):/.exec(line);
    if (fourSpaces) {
      const key = fourSpaces[1]!;
      inPathServers = key === 'servers';
      current = null;
      if (/^(get|post|put|delete|patch)$/.test(key)) {
        current = { method: key.toUpperCase() as ContractOperation['method'], path, host, cacheable: false, tokenNotRequired: false };
        operations.push(current);
      }
      continue;
    }
    if (inPathServers) {
      const url = /url: '?([^'\s]+)/.exec(line)?.[1];
      if (url) host = url.includes('{issuer}') ? 'issuer' : url.includes('{crmHost}') ? 'crm' : url === '{origin}' ? 'origin' : host;
      continue;
    }
    if (current && /^ {6}x-cacheable: true\s*$/.test(line)) current.cacheable = true;
    if (current && /^ {6}x-token-not-required: true\s*$/.test(line)) current.tokenNotRequired = true;
  }
  return operations;
}

/** A concrete path for a contract path: each `{parameter}` becomes a sample segment. */
export function samplePath(path: string): string {
  return path.replace(/\{[^}]+\}/g, 'sample-1');
}

/** Whether a contract path (with `{parameters}`) matches a concrete path, segment by segment. */
export function contractPathMatches(contractPath: string, concrete: string): boolean {
  const pattern = contractPath.split('/');
  const actual = concrete.split('/');
  return pattern.length === actual.length && pattern.every((segment, i) => (/^\{[^}]+\}$/.test(segment) ? actual[i] !== '' : segment === actual[i]));
}
