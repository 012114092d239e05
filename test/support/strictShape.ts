/**
 * A JSON shape as a strict client binds it: 'integer', 'string', 'boolean' or 'number' for a value, an object of
 * shapes for an object (each member required), a one-element array for a list of that shape.
 */
export type StrictShape = string | readonly StrictShape[] | { readonly [member: string]: StrictShape };

/** Where `value` breaks `shape` as a strict client binds it (a null, a fraction, a string for a number, a field missing). */
export function strictBreaches(value: unknown, shape: StrictShape | unknown, at = '$'): string[] {
  if (Array.isArray(shape)) {
    if (!Array.isArray(value)) return [`${at}: ${JSON.stringify(value)} is not an array`];
    return value.flatMap((item, i) => strictBreaches(item, shape[0], `${at}[${i}]`));
  }
  if (typeof shape === 'object' && shape !== null) {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return [`${at}: ${JSON.stringify(value)} is not an object`];
    return Object.entries(shape).flatMap(([key, inner]) =>
      key in value
        ? strictBreaches((value as Record<string, unknown>)[key], inner, `${at}.${key}`)
        : [`${at}.${key} is missing`],
    );
  }
  if (shape === 'integer') return Number.isInteger(value) ? [] : [`${at}: ${JSON.stringify(value)} is not an integer`];
  return typeof value === shape ? [] : [`${at}: ${JSON.stringify(value)} is not a ${String(shape)}`];
}
