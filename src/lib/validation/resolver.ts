import { set, type FieldError, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import type * as z from 'zod/mini';
import type { MessageValues } from './validators';

/**
 * A react-hook-form resolver for a zod/mini schema (the app has no @hookform/resolvers: this is the
 * whole of it). The first issue of each field becomes its error: `message` is the translation key
 * and `values` its interpolation values, which `FormField` passes to `t`.
 */
export interface KitFieldError extends FieldError {
  values?: MessageValues;
}

export function zodMiniResolver<TValues extends FieldValues>(schema: z.ZodMiniType<unknown, TValues>): Resolver<TValues> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data as TValues, errors: {} };
    const errors: FieldErrors<TValues> = {};
    const seen = new Set<string>();
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      if (seen.has(path)) continue; // the first failing rule is the one shown
      seen.add(path);
      const params = issue.code === 'custom' ? (issue.params as MessageValues | undefined) : undefined;
      const error: KitFieldError = { type: issue.code, message: issue.message, ...(params ? { values: params } : {}) };
      set(errors, path || 'root', error);
    }
    return { values: {}, errors };
  };
}

/** The translation key and values of an error from the resolver above (or any RHF error). */
export function errorMessage(error: FieldError | undefined): { key: string; values: MessageValues } | null {
  if (!error?.message) return null;
  return { key: error.message, values: (error as KitFieldError).values ?? {} };
}
