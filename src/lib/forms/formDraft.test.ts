// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { clearDrafts, discardDraft, draftKey, readDraft, writeDraft } from './formDraft';

const isFormats = (v: unknown): v is { dateFormat: string } => typeof v === 'object' && v !== null && typeof (v as { dateFormat?: unknown }).dateFormat === 'string';

describe('form drafts', () => {
  beforeEach(() => localStorage.clear());
  const ada = draftKey('preferences', { userGuid: 'ada', tenantGuid: 'acme' });

  it('come back to the same member and tenant only', () => {
    writeDraft(ada, { dateFormat: 'dd/MM/yyyy' });
    expect(readDraft(ada, isFormats)).toEqual({ dateFormat: 'dd/MM/yyyy' });
    expect(readDraft(draftKey('preferences', { userGuid: 'bob', tenantGuid: 'acme' }), isFormats)).toBeNull();
    expect(readDraft(draftKey('preferences', { userGuid: 'ada', tenantGuid: 'other' }), isFormats)).toBeNull();
  });

  it('drop a corrupt or off-shape entry instead of showing it', () => {
    localStorage.setItem(ada, '{not json');
    expect(readDraft(ada, isFormats)).toBeNull();
    localStorage.setItem(ada, JSON.stringify({ dateFormat: 7 }));
    expect(readDraft(ada, isFormats)).toBeNull();
    expect(localStorage.getItem(ada)).toBeNull();
  });

  it('go when sent or discarded, and all at sign-out', () => {
    writeDraft(ada, { dateFormat: 'x' });
    discardDraft(ada);
    expect(localStorage.getItem(ada)).toBeNull();
    writeDraft(ada, { dateFormat: 'x' });
    localStorage.setItem('trust-shell.theme', 'dark');
    clearDrafts();
    expect(localStorage.getItem(ada)).toBeNull();
    expect(localStorage.getItem('trust-shell.theme')).toBe('dark');
  });
});
