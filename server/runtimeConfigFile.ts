import { readFileSync } from 'node:fs';

/**
 * The /config.json the shell's host serves: the contract defaults, with the file named by
 * SHELL_CONFIG merged over them. A file that is not JSON is served as it is, so the app's own
 * validation reports it on screen (a clear start-up error rather than a server that will not start).
 */
export const defaultShellConfig = {
  authClient: { clientId: 'trust-shell', scope: 'read', requireHttps: false, oidc: false },
  connectedApps: [],
  microFrontends: [],
} as const;

/**
 * With the embedded emulator, /mfe-host shows the example business screen the emulator serves, and
 * analytics loads the emulator's recording stand-in agent (emulator/routes/analytics.ts).
 */
export const emulatorShellConfig = {
  ...defaultShellConfig,
  microFrontends: [{ name: 'Example', route: 'home', moduleUrl: '/remotes/example/remote.js' }],
  analytics: { scriptUrl: '/remotes/analytics/{key}/agent.js' },
} as const;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isPlainObject(value: unknown): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep merge for plain objects; arrays and scalars in `over` replace those in `base`. */
export function mergeConfig(base: Json, over: Json): Json {
  if (!isPlainObject(base) || !isPlainObject(over)) return over;
  const out: Record<string, Json> = { ...base };
  for (const [key, value] of Object.entries(over)) out[key] = key in base ? mergeConfig(base[key] as Json, value) : value;
  return out;
}

export interface ServedConfig {
  body: string;
  warning: string | null;
}

export function buildConfigDocument(file: string | undefined, withEmulator = false): ServedConfig {
  const defaults = (withEmulator ? emulatorShellConfig : defaultShellConfig) as unknown as Json;
  if (!file) return { body: JSON.stringify(defaults), warning: null };
  const text = readFileSync(file, 'utf8');
  let parsed: Json;
  try {
    parsed = JSON.parse(text) as Json;
  } catch (error) {
    return { body: text, warning: `SHELL_CONFIG ${file} is not valid JSON (${String(error)}); serving it unchanged` };
  }
  return { body: JSON.stringify(mergeConfig(defaults, parsed)), warning: null };
}
