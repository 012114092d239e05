/** The request's value, or the fallback when it is null or absent. */
export function given<T>(value: T | null | undefined, fallback: T): T {
  return value === null || value === undefined ? fallback : value;
}
