/**
 * `promise`'s answer, or `fallback` once `ms` have passed without one (or when it fails): for a
 * wait that must not hold a start back, such as a database that does not answer.
 */
export function bounded<T, F>(promise: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<F>((resolve) => (timer = setTimeout(() => resolve(fallback), ms)));
  return Promise.race([promise.catch(() => fallback), late]).finally(() => clearTimeout(timer));
}
