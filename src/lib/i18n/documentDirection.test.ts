// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { appStore } from '../../state/jotai';
import { applyDocumentLanguage, setDirectionSetting, textDirectionAtom } from './runtime';

const shown = () => ({ dir: document.documentElement.dir, atom: appStore.get(textDirectionAtom) });

describe('<html dir> and the direction atom follow the configured text direction (SPEC §4)', () => {
  afterEach(() => setDirectionSetting('auto'));

  it('auto (the default) follows the language', () => {
    applyDocumentLanguage('ar');
    expect(shown()).toEqual({ dir: 'rtl', atom: 'rtl' });
    applyDocumentLanguage('en-us');
    expect(shown()).toEqual({ dir: 'ltr', atom: 'ltr' });
  });

  it('rtl or ltr wins over the language, at once and for every later language', () => {
    applyDocumentLanguage('en-us');
    setDirectionSetting('rtl');
    expect(shown()).toEqual({ dir: 'rtl', atom: 'rtl' });
    applyDocumentLanguage('de-de');
    expect(shown()).toEqual({ dir: 'rtl', atom: 'rtl' });
    setDirectionSetting('ltr');
    applyDocumentLanguage('ar');
    expect(shown()).toEqual({ dir: 'ltr', atom: 'ltr' });
    setDirectionSetting('auto');
    expect(shown()).toEqual({ dir: 'rtl', atom: 'rtl' });
  });
});
