// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { renderWithKeys } from '../keyTexts.testSupport';
import { afterEach, describe, expect, it } from 'vitest';
import { TenantLogo, type TenantLogoProps } from './TenantLogo';

const logo = 'data:image/svg+xml;base64,YWNtZQ==';
const product = '/brand/default-logo.svg';

afterEach(cleanup);

const renderLogo = (props: Partial<TenantLogoProps> = {}) =>
  renderWithKeys(<TenantLogo logoData={null} title={null} tenantName="" defaultLogoSrc={product} {...props} />);

describe('TenantLogo', () => {
  it('shows the default logo and no title before the brand is known', () => {
    renderLogo();
    expect(screen.getByRole('img', { name: 'ProductLogo' }).getAttribute('src')).toBe(product);
    expect(screen.getByTestId('tenant-logo').textContent).toBe('');
  });

  it('shows the tenant logo and the title once the brand is known', () => {
    renderLogo({ logoData: logo, title: 'Acme Trust Center', tenantName: 'Acme Corp' });
    expect(screen.getByRole('img', { name: 'TenantLogo' }).getAttribute('src')).toBe(logo);
    expect(screen.getByText('Acme Trust Center')).toBeTruthy();
  });

  it('a branding without a logo keeps the default logo beside the title', () => {
    renderLogo({ title: 'Acme Trust Center' });
    expect(screen.getByRole('img', { name: 'ProductLogo' })).toBeTruthy();
    expect(screen.getByText('Acme Trust Center')).toBeTruthy();
  });

  it('showTitle={false} leaves the title to the chrome', () => {
    renderLogo({ logoData: logo, title: 'Acme Trust Center', showTitle: false });
    expect(screen.getByRole('img', { name: 'TenantLogo' })).toBeTruthy();
    expect(screen.queryByText('Acme Trust Center')).toBeNull();
  });
});
