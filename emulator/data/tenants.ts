/**
 * Tenants and their organisation groups. Everything a tenant decides (ptl, buying type, branding,
 * navigation, theme, alerts, subscriptions, translation overrides) lives on its definition so the
 * routes stay free of persona special cases.
 */
import { generatedTree, treeFromSpec, type OrgTree, type TreeSpec } from './org-trees.ts';
import { uuidFor } from './ids.ts';

export type BuyingType = 'PAID' | 'TRIAL' | 'FREE' | 'SANDBOX';
export type ThemeName = 'default' | 'preview' | 'preview-dark' | 'preview-system';
export type DateFormatValue = 'MM/DD/YYYY' | 'DD/MM/YYYY' | 'YYYY/MM/DD' | 'YYYY-MM-DD' | 'DD.MM.YYYY';
export type TimeFormatValue = '12Hour' | '24Hour' | 'DoNotDisplay';

export interface OrgGroupDef {
  id: string;
  name: string;
  tree: OrgTree;
  /** Organisation default date/time settings before anyone saves (contract default MM/DD/YYYY, 12Hour). */
  dateFormat: DateFormatValue;
  timeFormat: TimeFormatValue;
}

export interface SubscriptionDef {
  Id: string;
  Name: string;
  IsTrial: boolean;
  StartDate: string;
  EndDate: string;
}

export interface BrandingDef {
  loginLogoData: string | null;
  logoData: string | null;
  primaryColor: string | null;
  secondaryColor: string | null;
  tertiaryColor: string | null;
  pageTitle: string | null;
  inheritedFrom: string | null;
  inherited: boolean;
}

export interface TenantDef {
  id: string;
  name: string;
  parentName: string | null;
  buyingType: BuyingType;
  ptl: string | null;
  /** Extra URL context values that resolve to this tenant (the tenant Id always does). */
  contextAliases: string[];
  orgGroups: OrgGroupDef[];
  subscriptions: SubscriptionDef[];
  branding: BrandingDef | null;
  /** The workspace-navigation variant of the branding (?isWorkspaceNavigation=true). */
  workspaceBranding: BrandingDef | null;
  tabTitle: string | null;
  favicon: string | null;
  navigation: { showLegacyNavigation: boolean; newNavigationTenantPreference: boolean; newNavigationPreviewEnabled: boolean };
  theme: { themeEnabled: boolean; theme: ThemeName };
  /** Alert banner, maintenance schedule and benchmarking message are shown to this tenant's users. */
  alerts: boolean;
  fallBackToNotFound: boolean;
  /** Tenant translation overrides per language (v2 `translations`) and custom terms (`customTerms`). */
  translations: Record<string, Record<string, string>>;
  customTerms: Record<string, Record<string, string>>;
  /** The tenant's custom terms of a translation module (tenant-custom route), by module then language. */
  moduleTerms: Record<string, Record<string, Record<string, string>>>;
  content: { License: string | null; CustomerSuccessKey: string | null };
}

function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export function logo(textValue: string, color: string): string {
  return svgDataUrl(
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40"><rect width="160" height="40" rx="6" fill="${color}"/><text x="80" y="26" font-family="sans-serif" font-size="18" fill="#fff" text-anchor="middle">${textValue}</text></svg>`,
  );
}

function favicon(color: string): string {
  return svgDataUrl(`<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><circle cx="16" cy="16" r="14" fill="${color}"/></svg>`);
}

function orgGroup(key: string, name: string, tree: OrgTree, dateFormat: DateFormatValue = 'MM/DD/YYYY', timeFormat: TimeFormatValue = '12Hour'): OrgGroupDef {
  return { id: uuidFor(`orggroup:${key}`), name, tree, dateFormat, timeFormat };
}

const ACME_GLOBAL_TREE: readonly TreeSpec[] = [
  [
    'Acme Corp',
    [
      [
        'Americas',
        [
          [
            'United States',
            [
              ['New York', [['Legal', [['Privacy Office'], ['Contracts']]], ['Engineering', [['Platform Team'], ['Data Team']]]]],
              ['San Francisco', [['Sales'], ['Product']]],
            ],
          ],
          ['Brazil', [['São Paulo', [['Operations']]]]],
        ],
      ],
      [
        'EMEA',
        [
          ['Germany', [['Berlin', [['Research', [['AI Lab']]]]], ['Munich', [['Finance']]]]],
          ['United Kingdom', [['London', [['Marketing', [['Brand']]]]]]],
        ],
      ],
      ['APAC', [['Japan', [['Tokyo', [['Support', [['Tier 1'], ['Tier 2']]]]]]], ['Australia', [['Sydney', [['Compliance']]]]]]],
    ],
  ],
];

export const ACME_GLOBAL = orgGroup('acme-global', 'Acme Global', treeFromSpec('acme-global', ACME_GLOBAL_TREE));
export const ACME_LABS = orgGroup(
  'acme-labs',
  'Acme Labs',
  treeFromSpec('acme-labs', [['Acme Labs', [['Prototype Studio'], ['Field Trials']]], ['Acme Ventures', [['Seed Fund']]]]),
);
export const ACME_RETAIL = orgGroup('acme-retail', 'Acme Retail', treeFromSpec('acme-retail', [['Acme Retail', [['Stores', [['Online']]]]]]));
const ACME_EUROPE_OG = orgGroup(
  'acme-europe',
  'Acme Europe',
  treeFromSpec('acme-europe', [['Acme Europe GmbH', [['DACH', [['Vienna Office'], ['Zurich Office']]], ['Benelux']]]]),
  'DD.MM.YYYY',
  '24Hour',
);
const ACME_SANDBOX_OG = orgGroup('acme-sandbox', 'Sandbox', treeFromSpec('acme-sandbox', [['Sandbox Org', [['Test Unit A'], ['Test Unit B']]]]));
const NORTHWIND_OG = orgGroup(
  'northwind-eu',
  'Northwind EU',
  treeFromSpec('northwind-eu', [['Northwind EU', [['Nordics', [['Oslo'], ['Stockholm']]]]]]),
  'DD.MM.YYYY',
  '24Hour',
);
const UMBRELLA_OG = orgGroup('umbrella', 'Umbrella', treeFromSpec('umbrella', [['Umbrella Corp', [['Security']]]]));
const GLOBEX_OG = orgGroup('globex', 'Globex Worldwide', generatedTree(50_000));
const INITECH_OG = orgGroup('initech', 'Initech', treeFromSpec('initech', [['Initech', [['Software']]]]));
const HOOLI_OG = orgGroup('hooli', 'Hooli', treeFromSpec('hooli', [['Hooli', [['Moonshots']]]]));

const LEGACY_NAV = { showLegacyNavigation: true, newNavigationTenantPreference: false, newNavigationPreviewEnabled: false };
const DEFAULT_THEME = { themeEnabled: true, theme: 'default' as const };

const base = {
  parentName: null,
  ptl: null,
  contextAliases: [],
  subscriptions: [],
  branding: null,
  workspaceBranding: null,
  tabTitle: null,
  favicon: null,
  navigation: LEGACY_NAV,
  theme: DEFAULT_THEME,
  alerts: false,
  fallBackToNotFound: false,
  translations: {},
  customTerms: {},
  moduleTerms: {},
  content: { License: 'Enterprise', CustomerSuccessKey: null },
} satisfies Partial<TenantDef>;

const ACME_BRANDING: BrandingDef = {
  loginLogoData: logo('ACME', '#0B5FFF'),
  logoData: logo('ACME', '#0B5FFF'),
  primaryColor: '#0B5FFF',
  secondaryColor: '#1F2937',
  tertiaryColor: '#F59E0B',
  pageTitle: 'Acme Trust Center',
  inheritedFrom: null,
  inherited: false,
};

export const ACME_CORP: TenantDef = {
  ...base,
  id: uuidFor('tenant:acme-corp'),
  name: 'Acme Corp',
  buyingType: 'PAID',
  contextAliases: ['acme-corp'],
  orgGroups: [ACME_GLOBAL, ACME_LABS, ACME_RETAIL],
  subscriptions: [
    { Id: uuidFor('subscription:acme-corp'), Name: 'Enterprise Suite', IsTrial: false, StartDate: '2025-01-01T00:00:00Z', EndDate: '2027-12-31T23:59:59Z' },
  ],
  branding: ACME_BRANDING,
  workspaceBranding: { ...ACME_BRANDING, logoData: logo('ACME ✦', '#0B5FFF'), pageTitle: 'Acme Workspace' },
  tabTitle: 'Acme Trust Center',
  favicon: favicon('#0B5FFF'),
  navigation: { showLegacyNavigation: false, newNavigationTenantPreference: true, newNavigationPreviewEnabled: true },
  alerts: true,
  translations: {
    'en-us': { Home: 'Acme Home' },
    'de-de': { Home: 'Acme Startseite' },
    ar: { Home: 'الصفحة الرئيسية لـ Acme' },
  },
  customTerms: {
    'en-us': { AcmeCustomTerm: 'Business unit' },
    'de-de': { AcmeCustomTerm: 'Geschäftsbereich' },
    ar: { AcmeCustomTerm: 'وحدة الأعمال' },
  },
  moduleTerms: {
    vendor: {
      'en-us': { VendorTerm: 'Supplier', VendorsUnderReview: 'Suppliers under review' },
      'de-de': { VendorTerm: 'Zulieferer', VendorsUnderReview: 'Zulieferer in Prüfung' },
      ar: { VendorTerm: 'المورّد', VendorsUnderReview: 'المورّدون قيد المراجعة' },
    },
  },
  content: { License: 'Enterprise', CustomerSuccessKey: 'cs-acme-demo-key' },
};

export const ACME_EUROPE: TenantDef = {
  ...base,
  id: uuidFor('tenant:acme-europe'),
  name: 'Acme Europe',
  buyingType: 'PAID',
  ptl: 'eu-acme',
  contextAliases: ['acme-europe'],
  orgGroups: [ACME_EUROPE_OG],
  branding: { ...ACME_BRANDING, pageTitle: 'Acme Europe Trust Center', inheritedFrom: 'Acme Corp', inherited: true },
  tabTitle: 'Acme Europe',
  theme: { themeEnabled: false, theme: 'preview-dark' },
  content: { License: 'Enterprise', CustomerSuccessKey: 'cs-acme-demo-key' },
};

export const ACME_SANDBOX: TenantDef = {
  ...base,
  id: uuidFor('tenant:acme-sandbox'),
  name: 'Acme Sandbox',
  parentName: 'Acme Corp',
  buyingType: 'SANDBOX',
  contextAliases: ['acme-sandbox'],
  orgGroups: [ACME_SANDBOX_OG],
  // Lets the client's "{key} NOT FOUND" rule be seen with a real answer.
  fallBackToNotFound: true,
  content: { License: null, CustomerSuccessKey: null },
};

export const NORTHWIND_EU: TenantDef = {
  ...base,
  id: uuidFor('tenant:northwind-eu'),
  name: 'Northwind EU',
  buyingType: 'PAID',
  ptl: 'eu-tenant-7',
  contextAliases: ['northwind-eu'],
  orgGroups: [NORTHWIND_OG],
  branding: {
    loginLogoData: logo('NORTHWIND', '#0F766E'),
    logoData: logo('NORTHWIND', '#0F766E'),
    primaryColor: '#0F766E',
    secondaryColor: '#134E4A',
    tertiaryColor: '#FACC15',
    pageTitle: 'Northwind Privacy',
    inheritedFrom: null,
    inherited: false,
  },
  tabTitle: 'Northwind Privacy',
  alerts: true,
};

export const UMBRELLA: TenantDef = {
  ...base,
  id: uuidFor('tenant:umbrella'),
  name: 'Umbrella Corp',
  buyingType: 'PAID',
  orgGroups: [UMBRELLA_OG],
};

export const GLOBEX: TenantDef = {
  ...base,
  id: uuidFor('tenant:globex'),
  name: 'Globex Holdings',
  buyingType: 'PAID',
  orgGroups: [GLOBEX_OG],
};

export const INITECH_TRIAL: TenantDef = {
  ...base,
  id: uuidFor('tenant:initech'),
  name: 'Initech (trial)',
  buyingType: 'TRIAL',
  orgGroups: [INITECH_OG],
  subscriptions: [
    { Id: uuidFor('subscription:initech-trial'), Name: 'Trust Suite Trial', IsTrial: true, StartDate: '2026-11-01T00:00:00Z', EndDate: '2026-12-01T00:00:00Z' },
  ],
  content: { License: null, CustomerSuccessKey: null },
};

export const HOOLI_FREE: TenantDef = {
  ...base,
  id: uuidFor('tenant:hooli'),
  name: 'Hooli (free)',
  buyingType: 'FREE',
  orgGroups: [HOOLI_OG],
  content: { License: null, CustomerSuccessKey: null },
};

export const TENANTS: readonly TenantDef[] = [ACME_CORP, ACME_EUROPE, ACME_SANDBOX, NORTHWIND_EU, UMBRELLA, GLOBEX, INITECH_TRIAL, HOOLI_FREE];

const byId = new Map(TENANTS.map((t) => [t.id.toLowerCase(), t]));

export function tenantById(id: string): TenantDef | undefined {
  return byId.get(id.toLowerCase());
}

/** URL context → tenant: the tenant Id itself or one of its aliases (contract: opaque value). */
export function tenantByContext(context: string): TenantDef | undefined {
  return tenantById(context) ?? TENANTS.find((t) => t.contextAliases.includes(context));
}

export function orgGroupOf(tenant: TenantDef, orgGroupId: string): OrgGroupDef | undefined {
  return tenant.orgGroups.find((g) => g.id.toLowerCase() === orgGroupId.toLowerCase());
}
