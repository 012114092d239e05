/** Every piece of gateway state belongs to a lab: one isolated simulated gateway. */
export type LabId = string & { readonly __lab: unique symbol };

export const DEFAULT_LAB = 'default' as LabId;

const LAB_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;

export function labId(value: string): LabId {
  if (!LAB_PATTERN.test(value)) throw new RangeError(`'${value}' is not a lab id (lowercase letters, digits and dashes)`);
  return value as LabId;
}
