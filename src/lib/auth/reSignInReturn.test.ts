// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { storageKeys } from '../storage/keys';
import { writeLocal } from '../storage/localStore';
import { isReSignInReturn, parseReSignInReturn } from './reSignInReturn';

describe('a re-sign-in popup’s return', () => {
  it('is the identity provider’s answer with the state the page asked for, nothing else', () => {
    writeLocal(storageKeys.reSignInState, 'asked');
    expect(isReSignInReturn(new URLSearchParams('code=c&state=asked'))).toBe(true);
    expect(isReSignInReturn(new URLSearchParams('error=access_denied&state=asked'))).toBe(true);
    // A sign-in page's own return (another state), or no answer at all, is the sign-in page's.
    expect(isReSignInReturn(new URLSearchParams('code=c&state=other'))).toBe(false);
    expect(isReSignInReturn(new URLSearchParams('state=asked'))).toBe(false);
  });

  it('is taken off the channel only in its own shape', () => {
    expect(parseReSignInReturn({ type: 're-sign-in-return', href: 'https://x.test/auth' })).toEqual({ type: 're-sign-in-return', href: 'https://x.test/auth' });
    expect(parseReSignInReturn({ type: 're-sign-in-return', href: 42 })).toBeNull();
    expect(parseReSignInReturn('re-sign-in-return')).toBeNull();
  });
});
