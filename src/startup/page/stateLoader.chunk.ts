/** The signed-in start, loaded as one chunk by the main guard (the sign-in page never needs it). */
export { loadSignedInState, showLastKnownState } from './loadSignedInState';
export { paintStoredBrand } from '../../lib/branding/brandingStartup';
