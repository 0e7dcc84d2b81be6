import { atom } from '../state/jotai';
import { defaultRuntimeConfig, type RuntimeConfig } from './runtimeConfig';

/** The validated runtime configuration, set once at start. */
export const runtimeConfigAtom = atom<RuntimeConfig>(defaultRuntimeConfig);
