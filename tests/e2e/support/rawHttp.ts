import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent: still compressed when the answer says Content-Encoding. */
  body: Buffer;
}

/**
 * A GET that sends exactly the headers given (Playwright's request sends its own Accept-Encoding
 * and decodes the answer), and keeps the body as it came over the wire. https is not verified:
 * the tests' certificates are made on the spot.
 */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(target, { method: 'GET', headers, rejectUnauthorized: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** What a current Chromium sends, and what a client that knows only gzip sends. */
export const browserEncodings = 'gzip, deflate, br, zstd';
export const gzipOnly = 'gzip';
