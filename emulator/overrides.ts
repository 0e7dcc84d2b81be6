/**
 * Canned answers (POST /__control/override) for one exact un-prefixed path and method, so tests
 * can make the "platform" send schema-violating or hostile answers without touching the routes.
 */
import type { Reply } from './http.ts';

export interface OverrideSpec {
  method: string;
  path: string;
  status: number;
  body?: unknown;
  contentType?: string;
  times?: number;
}

/**
 * Content a browser would run or render as a document on the platform's (the shell's) origin:
 * HTML, XML of any kind (SVG, XHTML, XSL, feeds), multipart replace, and a type with no media type
 * at all (the browser sniffs it).
 */
export function isActiveContentType(contentType: string): boolean {
  const media = contentType.split(';')[0]!.trim().toLowerCase();
  if (!/^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(media)) return true;
  return /(?:^text\/html$|xml$|^text\/xsl$|^multipart\/x-mixed-replace$)/.test(media);
}

interface OverrideRule extends OverrideSpec {
  id: string;
  served: number;
}

export class OverrideTable {
  private rules: OverrideRule[] = [];
  private nextId = 1;

  add(spec: OverrideSpec): string {
    const id = `override-${this.nextId++}`;
    // Newest first: a later override for the same call wins.
    this.rules.unshift({ ...spec, method: spec.method.toUpperCase(), id, served: 0 });
    return id;
  }

  clear(): void {
    this.rules = [];
  }

  list(): OverrideSpec[] {
    return this.rules.map(({ method, path, status, body, contentType, times }) => ({ method, path, status, body, contentType, times }));
  }

  take(method: string, path: string): Reply | undefined {
    const rule = this.rules.find((r) => r.method === method && r.path === path && (r.times === undefined || r.served < r.times));
    if (!rule) return undefined;
    rule.served += 1;
    const headers: Record<string, string> = { 'content-type': rule.contentType ?? 'application/json; charset=utf-8', 'x-content-type-options': 'nosniff' };
    if (rule.body === undefined) return { status: rule.status, headers: rule.contentType ? headers : {} };
    // A string is sent as-is (lets a test send broken JSON); anything else as JSON.
    const body = typeof rule.body === 'string' ? rule.body : JSON.stringify(rule.body);
    return { status: rule.status, headers, body };
  }
}
