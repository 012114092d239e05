import { expect } from 'chai';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UTC = /^UTC \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * Checks an answer against an example of the real product's documentation, field by field: every member of the
 * example is in the answer with the example's JSON type (integers whole, never null unless the example is null);
 * a string example shaped as a UUID or as `UTC yyyy-mm-dd hh:mm:ss` asks for that shape; every element of an
 * answered array has the shape of the example's first element. Members the example lacks may be there.
 */
export function expectShape(actual: unknown, example: unknown, path = '$'): void {
  if (example === null) {
    expect(actual, path).to.equal(null);
    return;
  }
  if (Array.isArray(example)) {
    expect(actual, `${path}: an array`).to.be.an('array');
    if (example.length > 0) (actual as unknown[]).forEach((item, i) => expectShape(item, example[0], `${path}[${i}]`));
    return;
  }
  switch (typeof example) {
    case 'string':
      expect(actual, `${path}: a string`).to.be.a('string');
      if (UUID.test(example)) expect(actual, `${path}: a UUID`).to.match(UUID);
      if (example.startsWith('UTC ')) expect(actual, `${path}: a UTC date`).to.match(UTC);
      return;
    case 'number':
      expect(Number.isInteger(actual), `${path}: an integer, got ${JSON.stringify(actual)}`).to.equal(true);
      return;
    case 'boolean':
      expect(actual, `${path}: a boolean`).to.be.a('boolean');
      return;
    default:
      expect(actual, `${path}: an object`).to.be.an('object').and.not.equal(null);
      for (const [key, value] of Object.entries(example as Record<string, unknown>)) {
        expect(actual, `${path} has ${key}`).to.have.property(key);
        expectShape((actual as Record<string, unknown>)[key], value, `${path}.${key}`);
      }
  }
}

/** Every scalar of a configuration object is a string, at any depth (the real product's object answers). */
export function expectStringScalars(value: unknown, path = '$'): void {
  if (Array.isArray(value)) value.forEach((item, i) => expectStringScalars(item, `${path}[${i}]`));
  else if (value !== null && typeof value === 'object')
    for (const [key, member] of Object.entries(value)) expectStringScalars(member, `${path}.${key}`);
  else expect(value, `${path}: a string`).to.be.a('string');
}
