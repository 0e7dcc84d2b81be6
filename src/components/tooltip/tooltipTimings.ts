/** SPEC §9 tooltip timings, in milliseconds. */
export const tooltipTimings = {
  showDelay: 700,
  hideDelay: 200,
  /** After a touch ends, a tooltip opened by a long press stays this long. */
  touchHideDelay: 1500,
  /** A touch held this long opens the tooltip. */
  touchLongPress: 500,
  /** Tooltips of form elements open sooner. */
  formShowDelay: 250,
} as const;
