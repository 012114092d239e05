/**
 * A field of a route that cannot be compiled, named relative to the piece being compiled (`wildcardPattern`,
 * `sipStatusCodes`); the plan compiler prefixes the route's path and turns it into a DomainError.
 */
export class InvalidField extends Error {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field} ${problem}`);
    this.name = 'InvalidField';
  }

  within(prefix: string): InvalidField {
    return new InvalidField(`${prefix}.${this.field}`, this.problem);
  }
}
