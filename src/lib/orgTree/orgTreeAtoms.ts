import { atom } from '../../state/jotai';
import type { CurrentOrganisation, OrgTreeStatus } from '../../core/orgTree/orgTreeEngine';

export type { CurrentOrganisation, OrgTreeStatus } from '../../core/orgTree/orgTreeEngine';

/**
 * The organisation tree as the page sees it; the nodes themselves stay in the engine (worker).
 * loading until the first tree (or its failure) arrives; empty and failed both show no organisation.
 */
export const orgTreeStatusAtom = atom<OrgTreeStatus>('loading');
export const orgTreeNodeCountAtom = atom(0);
export const currentOrganisationAtom = atom<CurrentOrganisation | null>(null);
/** The organisation this scope's bar named at the last visit (./keptOrganisation): named while the tree loads. */
export const keptOrganisationAtom = atom<CurrentOrganisation | null>(null);
/** The organisation the bar names: the tree's current one or, while the tree loads, the kept one. */
export const namedOrganisationAtom = atom((get) => get(currentOrganisationAtom) ?? (get(orgTreeStatusAtom) === 'loading' ? get(keptOrganisationAtom) : null));
/** Bumped whenever the tree or the current organisation changes: the picker reloads its rows. */
export const orgTreeRevisionAtom = atom(0);
