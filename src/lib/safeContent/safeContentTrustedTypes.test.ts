// @vitest-environment jsdom
import { afterEach, expect, it, vi } from 'vitest';

afterEach(() => vi.unstubAllGlobals());

class FakeTrustedHtml {
  constructor(readonly html: string) {}
  toString(): string {
    return this.html;
  }
}

it('under Trusted Types the sanitiser creates only its named policy, and its output is that policy’s TrustedHTML', async () => {
  const created: string[] = [];
  vi.stubGlobal('trustedTypes', {
    createPolicy: (name: string, rules: { createHTML: (html: string) => string }) => {
      created.push(name);
      return { createHTML: (html: string) => new FakeTrustedHtml(rules.createHTML(html)), createScriptURL: () => '' };
    },
    // Read by DOMPurify for attribute types; nothing here needs one.
    getAttributeType: () => null,
  });
  vi.resetModules();
  const { sanitizeToTrustedHtml, toSafeContent } = await import('./safeContent');
  const out = sanitizeToTrustedHtml('Hi <img src=x onerror="alert(1)"><a href="javascript:alert(2)">link</a><script>alert(3)</script>');
  expect(out).toBeInstanceOf(FakeTrustedHtml);
  expect((out as unknown as FakeTrustedHtml).html).toBe('Hi <img src="x"><a>link</a>');
  // The string form for other callers stays a string, cleaned the same way.
  expect(toSafeContent('<b onclick="x()">b</b>', 'html')).toBe('<b>b</b>');
  // One policy, the shell's; DOMPurify's own ('dompurify') never.
  expect(created).toEqual(['trust-shell-html']);
});
