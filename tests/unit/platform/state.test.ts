// Read operations against the contract's answer schemas, every persona's start-up state, and robustness.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import * as C from './contract.ts';
import { api, control, signIn, startPlatform, type Harness } from './harness.ts';
import { GLOBEX } from '../../../emulator/data/tenants.ts';

let h: Harness;
const tokens = new Map<string, string>();
beforeAll(async () => {
  h = await startPlatform();
  const personas = await control<Array<{ email: string; sso: boolean }>>(h.base, 'GET', 'personas');
  for (const p of personas) {
    const t = p.sso ? await control<{ access_token: string }>(h.base, 'POST', 'token', { email: p.email }) : await signIn(h.base, p.email);
    tokens.set(p.email, t.access_token);
  }
}, 30_000);
afterAll(() => h.close());

function tokenOf(email: string): string {
  const token = tokens.get(email);
  if (!token) throw new Error(`no token for ${email}`);
  return token;
}

async function getAs<T>(email: string | null, path: string, schema: z.ZodType<T>): Promise<T> {
  const res = await api(h.base, path, email ? { token: tokenOf(email) } : {});
  expect(res.status, `${path} as ${email ?? 'anonymous'}`).toBe(200);
  return schema.parse(await res.json());
}

describe('start-up state', () => {
  // Generous timeouts: these move megabytes, and CI machines may be busy.
  it('validates GlobalState for every persona', async () => {
    for (const email of tokens.keys()) {
      const state = await getAs(email, '/api/global-state/v1/init', C.GlobalState);
      expect(state.user.Email).toBe(email);
      expect(state.tenants === null).toBe(state.permissions.TENANTS_LIST !== true);
      expect(state.organizations.length > 0).toBe(state.permissions.Login === true);
    }
  }, 20_000);

  it('gives the admin a deep tree, branding, several tenants and groups', async () => {
    const state = await getAs('admin@acme.test', '/api/global-state/v1/init', C.GlobalState);
    const depth = (nodes: C.OrgNode[]): number => (nodes.length === 0 ? 0 : 1 + Math.max(...nodes.map((n) => depth(n.Children))));
    expect(depth(state.organizations)).toBeGreaterThanOrEqual(5);
    expect(state.tenant.OrgGroups.length).toBeGreaterThanOrEqual(3);
    expect(state.tenants?.find((t) => t.buyingType === 'SANDBOX')).toBeDefined();
    expect(state.branding).toMatchObject({ primaryColor: '#0B5FFF', pageTitle: 'Acme Trust Center' });
  });

  it('serves the 50,000-node tree (6 levels, unique ids) to the big-organisation persona', async () => {
    const res = await api(h.base, '/api/access/v1/organizations/root-tree', { token: tokenOf('bigorg@acme.test') });
    const roots = (await res.json()) as C.OrgNode[];
    const ids = new Set<string>();
    let depth = 0;
    let misfits = 0;
    const walk = (nodes: C.OrgNode[], level: number, parent: string | null): void => {
      if (nodes.length > 0) depth = Math.max(depth, level);
      nodes.forEach((n, i) => {
        ids.add(n.Id);
        // One expect per node would cost seconds; count the misfits instead.
        if (n.ParentId !== parent || n.Position !== i) misfits += 1;
        walk(n.Children, level + 1, n.Id);
      });
    };
    walk(roots, 1, null);
    expect({ nodes: ids.size, depth, misfits }).toEqual({ nodes: 50_000, depth: 6, misfits: 0 });
  }, 20_000);

  it('serialises each tree once and reuses the text (the big answer stays cheap)', () => {
    const tree = GLOBEX.orgGroups[0]?.tree;
    const first = tree?.json();
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      expect(tree?.json()).toBe(first);
      expect(stringify).not.toHaveBeenCalled();
    } finally {
      stringify.mockRestore();
    }
  });

  it('validates the anonymous state, and gives a tenant content object with a bearer', async () => {
    const anon = await getAs(null, '/api/global-state/v1/no-auth-init', C.AnonymousState);
    expect(anon.content.License).not.toBeNull();
    expect(anon.content.Attributes.find((a) => a.Key === 'WebToLeadUrl')?.Value).toBe(`${h.base}/crm/servlet/servlet.WebToLead`);
    const free = await getAs('free@acme.test', '/api/global-state/v1/no-auth-init', C.AnonymousState);
    expect(free.content.License).toBeNull();
  });
});

describe('read operations keep their answer schemas', () => {
  const admin = 'admin@acme.test';
  it.each([
    ['/api/access/v1/users/current/legacy', C.CurrentUser],
    ['/api/access/v1/permissions', C.PermissionMap],
    ['/api/access/v1/access-levels/current', C.AccessLevel],
    ['/api/access/v1/tenants/current', C.Tenant],
    ['/api/access/v1/users/current/tenants', C.Tenant.array()],
    ['/api/access/v1/tenants/current/subscriptions', C.Subscription.array()],
    ['/api/access/v1/organizations/root-tree', C.OrgTreeNode.array()],
    ['/api/access/v1/users/current/organizations', C.InvitedOrganization.array()],
    ['/api/v1/private/orggroupuser/get', C.OrgGroupUser.array()],
    ['/api/content/v1/attributes/auth', C.ContentAttributeList],
    ['/api/content/v1/attributes', C.ContentAttributeList],
    ['/api/branding/v1/branding?isWorkspaceNavigation=true', C.Branding],
    ['/api/branding/v1/resources/groups/login-page', C.BrandingResourceList],
    ['/api/atlas/v1/navigation/configuration', C.NavigationConfiguration],
    ['/api/atlas/v1/theme', C.ThemeResponse],
    ['/api/globalization/v1/languages', C.LanguageList],
    ['/api/globalization/v1/ui-settings?key=timeFormat', C.UiSetting],
    ['/api/alert/v1/alerts/banner/immediate?languageCode=ar', C.AlertBanner.array().min(1)],
    ['/api/benchmarking/v1/notification/HOME_PAGE', C.BenchmarkingNotification],
    ['/api/globalization/v2/translations/tenant/de-de', C.TenantTranslations],
    ['/api/globalization/v2/translations/tenant-custom/en-us/vendor', C.TenantTranslations],
    ['/api/globalization/v1/translations/ar', C.TranslationsV1],
  ] as const)('%s', async (path, schema: z.ZodType) => {
    await getAs(admin, path, schema);
  });

  it('serves the ptl persona every read at its prefix', async () => {
    await getAs('ptl@acme.test', '/api/access/v1/tenants/current', C.Tenant);
    await getAs('ptl@acme.test', '/api/alert/v1/alerts/maintenance/immediate', C.MaintenanceAlert);
  });

  it('answers the version as text and the branding resources when signed out', async () => {
    const version = await fetch(`${h.base}/api/content/v1/info/version`);
    expect(version.headers.get('content-type')).toContain('text/plain');
    expect((await version.text()).split('|')[0]?.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const res = await fetch(`${h.base}/api/branding/v1/resources/groups/login-page/auth`);
    C.BrandingResourceList.parse(await res.json());
    expect((await fetch(`${h.base}/api/branding/v1/resources/groups/nope/auth`)).status).toBe(404);
  });

  it('lists trial subscriptions for the trial tenant and none for the free one', async () => {
    expect(await getAs('trial@acme.test', '/api/access/v1/tenants/current/subscriptions?trial=true', C.Subscription.array())).toHaveLength(1);
    expect(await getAs('free@acme.test', '/api/access/v1/tenants/current/subscriptions?trial=true', C.Subscription.array())).toHaveLength(0);
    expect((await getAs('free@acme.test', '/api/access/v1/tenants/current', C.Tenant)).buyingType).toBe('FREE');
  });

  it('resolves a URL context to a tenant the user may use, else 404', async () => {
    const { Id } = await getAs('admin@acme.test', '/api/access/v1/tenants/context?context=acme-europe&contextVersion=2', C.TenantContext);
    expect(Id).toBe((await getAs('admin@acme.test', '/api/access/v1/users/current/tenants', C.Tenant.array())).find((t) => t.Name === 'Acme Europe')?.Id);
    expect((await api(h.base, '/api/access/v1/tenants/context?context=acme-europe&contextVersion=2', { token: tokenOf('basic@acme.test') })).status).toBe(404);
    expect((await api(h.base, '/api/access/v1/tenants/context?context=acme-europe&contextVersion=3', { token: tokenOf('admin@acme.test') })).status).toBe(400);
  });
});

describe('translations', () => {
  it('serves v1 with tenant overrides, v2 split into default and tenant maps, and seeds', async () => {
    const seed = C.TranslationMap.parse(await (await fetch(`${h.base}/seed-translations/de-de`)).json());
    expect(Object.keys(seed).length).toBeGreaterThan(0);
    const v2 = await getAs('admin@acme.test', '/api/globalization/v2/translations/tenant/en-us', C.TenantTranslations);
    expect(v2.translations.Home).toBe('Acme Home');
    const enSeed = C.TranslationMap.parse(await (await fetch(`${h.base}/seed-translations/en-us`)).json());
    expect(v2.defaultTranslations).toEqual(enSeed);
    const tenantId = (await getAs('admin@acme.test', '/api/access/v1/tenants/current', C.Tenant)).Id;
    const v1 = await getAs(null, `/api/globalization/v1/translations/en-us?language=en-us&tenantId=${tenantId}`, C.TranslationsV1);
    expect(v1.Translations.Home).toBe('Acme Home');
    const platform = await getAs(null, '/api/globalization/v1/translations/en-us?tenantId=00000000-0000-0000-0000-000000000000', C.TranslationsV1);
    expect(platform.Translations.Home).not.toBe('Acme Home');
    expect((await getAs('sandbox@acme.test', '/api/globalization/v2/translations/tenant/en-us', C.TenantTranslations)).FallBackToNotFound).toBe(true);
  });

  it('answers 404 for an unsupported language on every route', async () => {
    expect((await fetch(`${h.base}/seed-translations/fr-fr`)).status).toBe(404);
    expect((await fetch(`${h.base}/api/globalization/v1/translations/fr-fr`)).status).toBe(404);
    expect((await api(h.base, '/api/globalization/v2/translations/tenant/fr-fr', { token: tokenOf('admin@acme.test') })).status).toBe(404);
    expect((await api(h.base, '/api/globalization/v2/translations/tenant-custom/fr-fr/vendor', { token: tokenOf('admin@acme.test') })).status).toBe(404);
    const unknownModule = await getAs('admin@acme.test', '/api/globalization/v2/translations/tenant-custom/en-us/nothing', C.TenantTranslations);
    expect(unknownModule.defaultTranslations).toEqual({});
  });
});

describe('robustness', () => {
  it('answers 413 to a body over 1 MB and stays up', async () => {
    const res = await api(h.base, '/api/salesops/v1/cases', { token: tokenOf('admin@acme.test'), json: { caseType: 'ISSUE', caseParams: { description: 'x'.repeat(1_100_000) } } });
    expect(res.status).toBe(413);
    expect((await fetch(`${h.base}/api/content/v1/info/version`)).status).toBe(200);
  });

  it('survives bad percent-encoding in paths, queries and forms', async () => {
    expect((await api(h.base, '/api/alert/v1/schedules/%E0%A4%A/acknowledge', { token: tokenOf('admin@acme.test'), method: 'POST' })).status).toBe(400);
    expect((await fetch(`${h.base}/api/globalization/v1/translations/%ZZ`)).status).toBe(400);
    expect((await fetch(`${h.base}/api/globalization/v1/translations/en-us?tenantId=%E0%A4%A`)).status).toBe(400);
    const res = await fetch(`${h.base}/api/access/v1/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=%E0%A4%A&client_id=trust-shell' });
    expect(res.status).toBe(400);
  });
});
