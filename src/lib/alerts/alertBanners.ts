import { atom } from '../../state/jotai';
import type { AlertBanner } from './alertSchemas';

/**
 * The banners of the last start-up run (empty when the read failed: skipped for this run). Its own
 * module: the banner area reads it on the first screen, the start-up run (lib/startup/startupRun)
 * that fills it loads after that.
 */
export const alertBannersAtom = atom<readonly AlertBanner[]>([]);
