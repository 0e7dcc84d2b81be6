/** STUB (issue 5, analytics helper): product-analytics identification for the signed-in member. */
export function useAnalytics(): void {}
