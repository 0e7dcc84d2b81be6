// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Provider, appStore } from '../../state/jotai';
import { brandingAtom, type Branding } from '../../lib/branding/brandingAtoms';
import { contentAtom } from '../../lib/state/signedInState';
import { storageKeys } from '../../lib/storage/keys';
import { removeLocal, writeLocal } from '../../lib/storage/localStore';
import { NotFoundLogo } from './NotFoundLogo';
import { notFoundLogo, storedContentLoginLogo } from './notFoundLogo';

const brandIcon = 'data:image/svg+xml;base64,YnJhbmQ=';
const contentLogo = 'https://cdn.acme.test/login.svg';
const storedLogo = '/content/login.png';

const branding = (Icon: string | null): Branding => ({
  LogoData: null,
  Icon,
  PrimaryColor: '#FFFFFF',
  SecondaryColor: '#FFFFFF',
  TertiaryColor: '#FFFFFF',
  Title: '',
  InheritsFrom: null,
  IsInherited: false,
  IsWorkspaceNavigation: false,
});

describe('404 logo rule (SPEC §2)', () => {
  it.each<[string, unknown, unknown, string | null]>([
    ['the branding login logo first', brandIcon, contentLogo, brandIcon],
    ['else the content object’s login logo', null, contentLogo, contentLogo],
    ['else the default', null, null, null],
    ['a hostile branding logo is skipped', 'javascript:alert(1)', contentLogo, contentLogo],
    ['a hostile content logo is skipped', undefined, 'data:text/html;base64,PHNjcmlwdD4=', null],
    ['a non-string content logo is skipped', null, { src: contentLogo }, null],
  ])('%s', (_what, icon, content, expected) => {
    expect(notFoundLogo(icon as string | null, content)).toBe(expected);
  });

  it.each<[string | null, unknown]>([
    [JSON.stringify({ loginLogo: storedLogo }), storedLogo],
    ['{broken', null],
    ['null', null],
    [null, null],
  ])('stored content %j → %j', (stored, expected) => {
    if (stored === null) removeLocal(storageKeys.content);
    else writeLocal(storageKeys.content, stored);
    expect(storedContentLoginLogo()).toBe(expected);
  });
});

describe('<NotFoundLogo>', () => {
  beforeEach(() => writeLocal(storageKeys.content, JSON.stringify({ loginLogo: storedLogo })));
  afterEach(() => {
    cleanup();
    appStore.set(brandingAtom, null);
    appStore.set(contentAtom, null);
    removeLocal(storageKeys.content);
  });
  const shown = () => {
    render(
      <Provider store={appStore}>
        <NotFoundLogo />
      </Provider>,
    );
    return screen.getByRole('img').getAttribute('src');
  };

  it('signed in with branding: the branding login logo', () => {
    appStore.set(brandingAtom, branding(brandIcon));
    expect(shown()).toBe(brandIcon);
  });

  it('signed in without a login logo: the content object’s', () => {
    appStore.set(brandingAtom, branding(null));
    appStore.set(contentAtom, { License: null, CustomerSuccessKey: null, loginLogo: contentLogo, CommunityAppUrl: null, Attributes: [] });
    expect(shown()).toBe(contentLogo);
  });

  it('signed out: the content object kept from the sign-in page', () => {
    expect(shown()).toBe(storedLogo);
  });

  it('nothing known: the default logo', () => {
    removeLocal(storageKeys.content);
    expect(shown()).toBe('/brand/default-logo.svg');
  });
});
