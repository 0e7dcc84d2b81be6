// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { saveReturnUrl } from './logoff';

const key = 'trust-shell.returnUrl';

describe('saveReturnUrl keeps only paths worth returning to (SPEC §2)', () => {
  beforeEach(() => sessionStorage.clear());

  it.each(['/mfe-host/risk?tab=2', '/mfe-host'])('saves %s for this tab', (path) => {
    saveReturnUrl(path);
    expect(sessionStorage.getItem(key)).toBe(path);
    expect(localStorage.getItem(key)).toBeNull();
  });

  it.each(['/auth', '/landing', '/404', '/eula', '/', '/welcome', 'https://evil.test/x', '//evil.test'])('does not save %s', (path) => {
    saveReturnUrl(path);
    expect(sessionStorage.getItem(key)).toBeNull();
  });
});
