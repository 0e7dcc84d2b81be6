import { atom } from '../../state/jotai';
import { memberScopeKey } from '../../session/core/claims';
import { sessionAtom } from '../../session/page/sessionAtoms';
import { languageAtom } from '../i18n/runtime';
import type { AlertBanner } from './alertSchemas';
import { keptBanners } from './keptBanners';

/** This page's last answer, null before its first start-up run has one. */
const answeredBannersAtom = atom<readonly AlertBanner[] | null>(null);

/**
 * The banners of the last start-up run (empty when the read failed: skipped for this run); before
 * this page's first run has answered, the last run's kept for this member scope and language
 * (keptBanners), so they come with the live chrome rather than push the page down later. Its own
 * module: the banner area reads it on the first screen, the start-up run (startup/page/runChecks)
 * that fills it loads after that.
 */
export const alertBannersAtom = atom(
  (get): readonly AlertBanner[] => {
    const answered = get(answeredBannersAtom);
    if (answered) return answered;
    const { claims } = get(sessionAtom);
    return claims ? keptBanners(memberScopeKey(claims), get(languageAtom)) : [];
  },
  (_get, set, banners: readonly AlertBanner[]) => set(answeredBannersAtom, banners),
);
