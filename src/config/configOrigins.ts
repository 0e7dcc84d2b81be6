import type { RuntimeConfig } from './runtimeConfig';

/**
 * One rule for every origin the runtime configuration names (the web-to-lead form, the analytics
 * script, micro-frontend modules, the OIDC issuer and login endpoints, seed translations): https,
 * the shell's own origin, or a loopback host (development). With `authClient.requireHttps`, https
 * only. A value the shell could not honour is a start-up error naming the field, never a silent
 * skip later (a lead post left out, a script the policy refuses).
 */
export function originProblems(config: RuntimeConfig, shellOrigin: string): string[] {
  const requireHttps = config.authClient.requireHttps;
  const problems: string[] = [];
  for (const [field, value] of namedAddresses(config)) {
    const problem = addressProblem(value, shellOrigin, requireHttps);
    if (problem) problems.push(`${field}: ${problem}`);
  }
  config.authClient.trustedApiOrigins.forEach((value, i) => {
    const problem = trustedOriginProblem(value, requireHttps);
    if (problem) problems.push(`authClient.trustedApiOrigins.${i}: ${problem}`);
  });
  return problems;
}

/** Every address field with a value, by its path in the document (as the start-up screen names it). */
function namedAddresses(config: RuntimeConfig): [string, string][] {
  const { authClient } = config;
  const fields: [string, string | null][] = [
    ['webToLeadUrl', config.webToLeadUrl],
    ['analytics.scriptUrl', config.analytics.scriptUrl],
    ...config.microFrontends.map((m, i): [string, string] => [`microFrontends.${i}.moduleUrl`, m.moduleUrl]),
    ['authClient.issuer', authClient.issuer],
    ['authClient.tokenEndpoint', authClient.tokenEndpoint],
    ['authClient.logoutUrl', authClient.logoutUrl],
    ['authClient.userinfoEndpoint', authClient.userinfoEndpoint],
    ['authClient.authorizationEndpoint', authClient.authorizationEndpoint],
    ['authClient.redirectUri', authClient.redirectUri],
    ['seedTranslationUrl', config.seedTranslationUrl],
  ];
  return fields.filter((entry): entry is [string, string] => entry[1] !== null);
}

function addressProblem(value: string, shellOrigin: string, requireHttps: boolean): string | null {
  let url: URL;
  try {
    // Relative values resolve against the shell, as the shell itself resolves them.
    url = new URL(value, shellOrigin);
  } catch {
    return `${value} is not a URL`;
  }
  if (url.protocol === 'https:') return null;
  if (url.protocol !== 'http:') return `${value} must be an https address`;
  if (requireHttps) return `${value} must use https (authClient.requireHttps is on)`;
  if (url.origin === new URL(shellOrigin).origin || isLoopback(url.hostname)) return null;
  return `${value} must use https unless it is this site's own origin or a loopback host`;
}

/**
 * An origin the access token goes to (SPEC §7 "allowed URLs"): exactly one origin, no wildcard and
 * no path (a token must not reach more than was named), https or a loopback host.
 */
function trustedOriginProblem(value: string, requireHttps: boolean): string | null {
  if (value.includes('*')) return `${value}: a wildcard is not allowed, name each origin`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${value} is not an origin`;
  }
  if (url.origin !== value) return `${value} must be an origin alone (scheme, host and port, no path)`;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && !requireHttps && isLoopback(url.hostname)) return null;
  return `${value} must use https${requireHttps ? ' (authClient.requireHttps is on)' : ' unless it is a loopback host'}`;
}

/** localhost (and its sub-domains), 127.0.0.0/8 and [::1]: development hosts that never leave the machine. */
function isLoopback(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || /^127(?:\.\d{1,3}){3}$/.test(host) || host === '[::1]';
}
