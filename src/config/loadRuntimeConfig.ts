import { originProblems } from './configOrigins';
import { ConfigError, defaultRuntimeConfig, parseRuntimeConfig, type RuntimeConfig } from './runtimeConfig';

/**
 * Reads /config.json once at start. A missing file (404) or an unreachable host means the
 * contract's defaults (the service worker serves the last copy offline); a file that is not JSON or
 * violates the schema, or names an origin the shell cannot honour (configOrigins), is a ConfigError
 * the start-up screen shows.
 */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch, shellOrigin: string = location.origin): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchImpl('/config.json', { cache: 'no-cache', credentials: 'same-origin' });
  } catch {
    return defaultRuntimeConfig;
  }
  if (response.status === 404) return defaultRuntimeConfig;
  if (!response.ok) return defaultRuntimeConfig;
  let raw: unknown;
  try {
    raw = await response.json();
  } catch {
    throw new ConfigError(['the file is not valid JSON']);
  }
  const config = parseRuntimeConfig(raw);
  const problems = originProblems(config, shellOrigin);
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
