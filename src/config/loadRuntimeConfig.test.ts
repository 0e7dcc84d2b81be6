import { describe, expect, it } from 'vitest';
import { loadRuntimeConfig } from './loadRuntimeConfig';
import { ConfigError } from './runtimeConfig';

const served = (body: unknown) => (() => Promise.resolve(Response.json(body))) as unknown as typeof fetch;

describe('loadRuntimeConfig', () => {
  it('refuses to start with an origin it cannot honour, naming the field', async () => {
    const loading = loadRuntimeConfig(served({ webToLeadUrl: 'http://crm.acme.test/lead' }), 'http://localhost:4173');
    await expect(loading).rejects.toThrow(ConfigError);
    await expect(loading).rejects.toThrow(/webToLeadUrl: http:\/\/crm\.acme\.test\/lead must use https/);
  });

  it('starts with an https one', async () => {
    await expect(loadRuntimeConfig(served({ webToLeadUrl: 'https://crm.acme.test/lead' }), 'http://localhost:4173')).resolves.toMatchObject({ webToLeadUrl: 'https://crm.acme.test/lead' });
  });
});
