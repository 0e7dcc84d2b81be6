import { describe, expect, it } from 'vitest';
import { searchByName } from './scopeSearch';

const tenants = [
  { Id: '1', Name: 'Acme Corp' },
  { Id: '2', Name: 'Acme Europe' },
  { Id: '3', Name: 'Acme Sandbox' },
  { Id: '4', Name: 'Société Générale' },
];

describe('searchByName (the tenant switcher search)', () => {
  it('matches a substring in any case, accents ignored', () => {
    expect(searchByName(tenants, 'EUROPE', 10).shown.map((t) => t.Id)).toEqual(['2']);
    expect(searchByName(tenants, 'societe', 10).shown.map((t) => t.Id)).toEqual(['4']);
  });

  it('lists everything for a blank query, the current tenant first', () => {
    expect(searchByName(tenants, '  ', 10, '3').shown.map((t) => t.Id)).toEqual(['3', '1', '2', '4']);
  });

  it('shows at most the limit and counts every match', () => {
    expect(searchByName(tenants, 'acme', 2)).toEqual({ shown: [tenants[0], tenants[1]], total: 3 });
  });

  it('finds nothing for an unknown name', () => {
    expect(searchByName(tenants, 'globex', 10)).toEqual({ shown: [], total: 0 });
  });
});
