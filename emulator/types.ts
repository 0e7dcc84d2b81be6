/**
 * The emulator's types the tests use when they drive it (the control API's bodies and answers, the
 * request log): imported from here, never copied, so a change to the emulator changes the tests'
 * types with it. Types only: importing this module runs nothing.
 */
export type { LogEntry, DpopVerdictName } from './log.ts';
export type { FaultSpec } from './faults.ts';
export type { OverrideSpec } from './overrides.ts';
export type { TokenResponse } from './grants.ts';
export type { DpopControlBody, LifetimesBody, ModuleTermsBody, TrustedIssuerBody } from './control.ts';
export type { OrgTreeNode } from './data/org-trees.ts';
