/**
 * Test harness: the emulator on an ephemeral port behind a plain node:http server (the same
 * middleware the app's Vite server mounts), and small fetch helpers.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, type JWTPayload } from 'jose';
import { createPlatform, type Platform, type PlatformOptions } from '../../../emulator/index.ts';
import type { TokenResponse } from '../../../emulator/types.ts';

export const PASSWORD = 'trust-shell-demo';

/** This test run's control secret (as the browser tests' servers get one): sent by `control`. */
export const CONTROL_SECRET = randomBytes(16).toString('hex');
export const CONTROL_HEADER = 'x-emulator-control';

export interface Harness {
  base: string;
  platform: Platform;
  close(): Promise<void>;
}

export async function startPlatform(opts: PlatformOptions = { control: true }): Promise<Harness> {
  const platform = await createPlatform({ controlSecret: CONTROL_SECRET, ...opts });
  const server = createServer((req, res) =>
    platform.handle(req, res, () => {
      res.statusCode = 404;
      res.setHeader('x-fell-through', 'next');
      res.end('not a platform path');
    }),
  );
  // Kept-alive connections stay open until close(). With Node's 5 s, a test that keeps the process
  // busy past it (a megabyte answer parsed on a loaded machine) sends its next call on a connection
  // the server closes as soon as its timer runs: ECONNRESET (nodejs/undici#3141).
  server.keepAliveTimeout = 10 * 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://localhost:${port}`,
    platform,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The token endpoint's answer, as the emulator types it. */
export type Tokens = TokenResponse;

export function form(values: Record<string, string>): { method: 'POST'; headers: Record<string, string>; body: string } {
  return { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(values).toString() };
}

export function tokenCall(base: string, values: Record<string, string>): Promise<Response> {
  return fetch(`${base}/api/access/v1/oauth/token`, form({ client_id: 'trust-shell', ...values }));
}

export async function signIn(base: string, email: string, extra: Record<string, string> = {}): Promise<Tokens> {
  const res = await tokenCall(base, { grant_type: 'password', username: email, password: PASSWORD, ...extra });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as Tokens;
}

export function refresh(base: string, refreshToken: string, extra: Record<string, string> = {}): Promise<Response> {
  return tokenCall(base, { grant_type: 'refresh_token', refresh_token: refreshToken, ...extra });
}

export function claims(token: string): JWTPayload & Record<string, unknown> {
  return decodeJwt(token);
}

export interface CallOptions {
  token?: string;
  method?: string;
  json?: unknown;
  headers?: Record<string, string>;
}

/** A pipeline call: adds the bearer and, like the client, the ptl prefix of the token. */
export function api(base: string, path: string, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  let url = `${base}${path}`;
  if (options.token) {
    headers.authorization = `Bearer ${options.token}`;
    const ptl = claims(options.token).ptl;
    if (typeof ptl === 'string') url = `${base}/${ptl}${path}`;
  }
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  return fetch(url, {
    method: options.method ?? (options.json !== undefined ? 'POST' : 'GET'),
    headers,
    body: options.json !== undefined ? JSON.stringify(options.json) : undefined,
  });
}

export async function control<T = unknown>(base: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/__control/${path}`, {
    method,
    headers: { [CONTROL_HEADER]: CONTROL_SECRET, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`control ${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
