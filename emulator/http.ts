/**
 * HTTP plumbing shared by every route: the Reply value handlers return, error helpers that build
 * contract-shaped bodies (ApiError, OAuthError, HTML), and a body reader that never throws.
 *
 * Handlers return a Reply instead of writing to the response themselves, so the pipeline in
 * index.ts can log the status, remember the answer for Idempotency-Key replays and, for the
 * dropAfterApply fault, throw the answer away after the write was applied.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface Reply {
  status: number;
  headers: Record<string, string | string[]>;
  body?: string | Buffer;
}

/** ApiError codes from the contract (schema ApiError.code). */
export type ApiErrorCode =
  | 'VALIDATION_ERROR'
  | 'MISSING_TOKEN'
  | 'INVALID_TOKEN'
  | 'TOKEN_EXPIRED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'TENANT_PREFIX_REQUIRED'
  | 'TENANT_PREFIX_MISMATCH'
  | 'INTERNAL_ERROR'
  | 'SERVICE_UNAVAILABLE';

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  // RFC 9449 §5 and §8 (contract "Sender-constrained tokens").
  | 'invalid_dpop_proof'
  | 'use_dpop_nonce';

/** Thrown by handlers and helpers; the pipeline turns it into its reply. */
export class HttpError extends Error {
  constructor(readonly reply: Reply) {
    super(`HTTP ${reply.status}`);
  }
}

export function json(status: number, value: unknown, headers: Record<string, string | string[]> = {}): Reply {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(value),
  };
}

/** For answers serialised elsewhere (the cached 50,000-node tree). */
export function rawJson(status: number, text: string): Reply {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: text };
}

export function empty(status = 204, headers: Record<string, string | string[]> = {}): Reply {
  return { status, headers };
}

export function text(status: number, value: string, contentType = 'text/plain; charset=utf-8'): Reply {
  return { status, headers: { 'content-type': contentType }, body: value };
}

export function html(status: number, value: string): Reply {
  return text(status, value, 'text/html; charset=utf-8');
}

export function redirect(location: string): Reply {
  return { status: 302, headers: { location, 'cache-control': 'no-store' } };
}

export interface ApiErrorExtra {
  field?: string | null;
  permission?: string | null;
  headers?: Record<string, string>;
}

export function apiError(status: number, code: ApiErrorCode, message: string, extra: ApiErrorExtra = {}): HttpError {
  const body: Record<string, unknown> = { status, code, message };
  if (extra.field !== undefined) body.field = extra.field;
  if (extra.permission !== undefined) body.permission = extra.permission;
  return new HttpError(json(status, body, extra.headers ?? {}));
}

export function validationError(field: string | null, message: string): HttpError {
  return apiError(400, 'VALIDATION_ERROR', field ? `${field}: ${message}` : message, { field });
}

export function notFound(message = 'Not found'): HttpError {
  return apiError(404, 'NOT_FOUND', message);
}

/** RFC 6749 §5.2: always 400 (contract: also for invalid_client) and never cached. */
export function oauthError(error: OAuthErrorCode, description: string, headers: Record<string, string> = {}): HttpError {
  return new HttpError(
    json(400, { error, error_description: description }, { 'cache-control': 'no-store', pragma: 'no-cache', ...headers }),
  );
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

export function htmlPage(title: string, bodyHtml: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}
button{display:block;margin:.5rem 0;padding:.6rem 1rem;font-size:1rem;cursor:pointer}</style></head>
<body><main>${bodyHtml}</main></body></html>`;
}

/** Browser endpoints answer bad requests with an HTML page and no redirect (BrowserBadRequest). */
export function browserBadRequest(message: string): HttpError {
  return new HttpError(html(400, htmlPage('Bad request', `<h1>Bad request</h1><p>${escapeHtml(message)}</p>`)));
}

// ------------------------------------------------------------------------------------ bodies

export const MAX_BODY_BYTES = 1024 * 1024;

export interface MultipartFile {
  filename: string;
  contentType: string;
  size: number;
}

export type ParsedBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'invalid-json'; text: string }
  | { kind: 'form'; fields: Record<string, string>; duplicates: string[] }
  | { kind: 'multipart'; fields: Record<string, string>; files: Record<string, MultipartFile> }
  | { kind: 'text'; text: string }
  | { kind: 'too-large' };

/** What the request log shows for a body. */
export function bodyForLog(body: ParsedBody): unknown {
  switch (body.kind) {
    case 'none':
      return null;
    case 'json':
      return body.value;
    case 'invalid-json':
    case 'text':
      return body.text;
    case 'form':
      return body.fields;
    case 'multipart':
      return { ...body.fields, ...body.files };
    case 'too-large':
      return '[body over 1 MB, not read]';
  }
}

/**
 * Reads the whole body (up to MAX_BODY_BYTES) and parses it by Content-Type. Never rejects:
 * malformed input becomes a ParsedBody the handlers refuse with a 400.
 */
export function readBody(req: IncomingMessage): Promise<ParsedBody> {
  return new Promise((resolve) => {
    const declared = Number(req.headers['content-length'] ?? '0');
    if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
      req.resume(); // drain so the socket stays usable for the 413
      resolve({ kind: 'too-large' });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (value: ParsedBody): void => {
      if (done) return;
      done = true;
      resolve(value);
    };
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        chunks.length = 0;
        finish({ kind: 'too-large' });
        return; // keep draining: further data events are ignored
      }
      chunks.push(chunk);
    });
    req.on('end', () => finish(parseBody(req.headers['content-type'] ?? '', Buffer.concat(chunks))));
    req.on('error', () => finish({ kind: 'none' }));
    req.on('close', () => finish(parseBody(req.headers['content-type'] ?? '', Buffer.concat(chunks))));
  });
}

export function parseBody(contentType: string, raw: Buffer): ParsedBody {
  if (raw.length === 0) return { kind: 'none' };
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/json' || type.endsWith('+json')) {
    const textValue = raw.toString('utf8');
    try {
      return { kind: 'json', value: JSON.parse(textValue) as unknown };
    } catch {
      return { kind: 'invalid-json', text: textValue };
    }
  }
  if (type === 'application/x-www-form-urlencoded') return parseForm(raw.toString('utf8'));
  if (type === 'multipart/form-data') {
    const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
    const value = boundary?.[1] ?? boundary?.[2];
    if (value) return parseMultipart(raw, value.trim());
  }
  return { kind: 'text', text: raw.toString('utf8') };
}

function parseForm(value: string): ParsedBody {
  // Null prototype: a field named "constructor" or "__proto__" is just a field.
  const fields = Object.create(null) as Record<string, string>;
  const duplicates: string[] = [];
  // URLSearchParams decodes leniently: a bad percent sequence never throws.
  for (const [key, v] of new URLSearchParams(value)) {
    if (Object.hasOwn(fields, key)) duplicates.push(key);
    fields[key] = v;
  }
  return { kind: 'form', fields, duplicates };
}

/** Minimal multipart/form-data reader: text fields as strings, file parts as a summary. */
function parseMultipart(raw: Buffer, boundary: string): ParsedBody {
  const fields = Object.create(null) as Record<string, string>;
  const files = Object.create(null) as Record<string, MultipartFile>;
  const delimiter = Buffer.from(`--${boundary}`);
  let start = raw.indexOf(delimiter);
  while (start !== -1) {
    const partStart = start + delimiter.length;
    if (raw.subarray(partStart, partStart + 2).toString() === '--') break;
    const next = raw.indexOf(delimiter, partStart);
    if (next === -1) break;
    // A part is CRLF headers CRLF CRLF content CRLF.
    const part = raw.subarray(partStart + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    if (split !== -1) {
      const head = part.subarray(0, split).toString('utf8');
      const content = part.subarray(split + 4);
      const name = /name="([^"]*)"/i.exec(head)?.[1];
      const filename = /filename="([^"]*)"/i.exec(head)?.[1];
      const partType = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1] ?? 'text/plain';
      if (name !== undefined) {
        if (filename !== undefined) files[name] = { filename, contentType: partType, size: content.length };
        else fields[name] = content.toString('utf8');
      }
    }
    start = next;
  }
  return { kind: 'multipart', fields, files };
}

// ------------------------------------------------------------------------------------ writing

export function writeReply(res: ServerResponse, reply: Reply): void {
  if (res.headersSent || res.destroyed || res.writableEnded) return;
  res.statusCode = reply.status;
  for (const [name, value] of Object.entries(reply.headers)) res.setHeader(name, value);
  if (reply.body !== undefined && reply.status !== 204 && reply.status !== 304) {
    res.setHeader('content-length', Buffer.byteLength(reply.body));
    res.end(reply.body);
  } else {
    res.end();
  }
}

/** Lower-case header names, repeated values joined, for the request log. */
export function headersForLog(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** The client's own origin as the browser sees it (redirect_uri and issuer are built from it). */
export function requestOrigin(req: IncomingMessage): string {
  const forwardedProto = firstHeader(req, 'x-forwarded-proto');
  const encrypted = 'encrypted' in req.socket && req.socket.encrypted === true;
  const proto = forwardedProto ?? (encrypted ? 'https' : 'http');
  const host = firstHeader(req, 'x-forwarded-host') ?? firstHeader(req, 'host') ?? 'localhost';
  return `${proto}://${host}`;
}

export function firstHeader(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first?.split(',')[0]?.trim() || undefined;
}

export function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
