import type { Page } from '@playwright/test';
import { expect } from '../fixtures.ts';
import { en } from './catalogues.ts';


export const initPath = '/api/global-state/v1/init';
/** The User Timing mark the page sets when it publishes a tree (orgTreeMark in src/lib/orgTree/orgTreeService.ts). */
export const orgTreeMark = 'trust-shell:org-tree';

// Named "Organisation <current name>" (the top bar also has an organisation-group switch).
export const picker = (page: Page, texts: Record<string, string> = en) => page.getByRole('button', { name: new RegExp(`^${texts.Organisation}\\s`) });
export const tree = (page: Page, texts: Record<string, string> = en) => page.getByRole('tree', { name: texts.Organisations });

export async function openPicker(page: Page, texts: Record<string, string> = en) {
  await picker(page, texts).click();
  await expect(page.getByRole('dialog', { name: texts.Organisations })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: texts.SearchOrganisations })).toBeFocused();
}
