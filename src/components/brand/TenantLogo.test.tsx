// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Provider, appStore } from '../../state/jotai';
import { brandingAtom, type Branding } from '../../lib/branding/brandingAtoms';
import { currentTenantAtom } from '../../lib/state/signedInState';
import { TenantLogo } from './TenantLogo';

const logo = 'data:image/svg+xml;base64,YWNtZQ==';
const acme: Branding = {
  LogoData: logo,
  Icon: null,
  PrimaryColor: '#0B5FFF',
  SecondaryColor: '#1F2937',
  TertiaryColor: '#F59E0B',
  Title: 'Acme Trust Center',
  InheritsFrom: null,
  IsInherited: false,
  IsWorkspaceNavigation: false,
};

afterEach(() => {
  cleanup();
  appStore.set(brandingAtom, null);
  appStore.set(currentTenantAtom, null);
});

const renderLogo = (showTitle?: boolean) =>
  render(
    <Provider store={appStore}>
      <TenantLogo showTitle={showTitle} />
    </Provider>,
  );

describe('TenantLogo', () => {
  it('shows the default logo and no title before the brand is known', () => {
    renderLogo();
    expect(screen.getByRole('img', { name: 'ProductLogo' }).getAttribute('src')).toBe('/brand/default-logo.svg');
    expect(screen.getByTestId('tenant-logo').textContent).toBe('');
  });

  it('shows the tenant logo and the title once the brand is published', () => {
    renderLogo();
    act(() => appStore.set(brandingAtom, acme));
    expect(screen.getByRole('img', { name: 'TenantLogo' }).getAttribute('src')).toBe(logo);
    expect(screen.getByText('Acme Trust Center')).toBeTruthy();
  });

  it('a branding without a logo keeps the default logo beside the title', () => {
    appStore.set(brandingAtom, { ...acme, LogoData: null });
    renderLogo();
    expect(screen.getByRole('img', { name: 'ProductLogo' })).toBeTruthy();
    expect(screen.getByText('Acme Trust Center')).toBeTruthy();
  });

  it('showTitle={false} leaves the title to the chrome', () => {
    appStore.set(brandingAtom, acme);
    renderLogo(false);
    expect(screen.getByRole('img', { name: 'TenantLogo' })).toBeTruthy();
    expect(screen.queryByText('Acme Trust Center')).toBeNull();
  });
});
