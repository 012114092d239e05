import 'reflect-metadata';
import { expect } from 'chai';
import Ajv from 'ajv';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import { DomainError } from '../../../src/shared/domain/DomainError.js';
import {
  defaultsOf,
  fieldProblems,
  flag,
  integer,
  list,
  pickFields,
  text,
} from '../../../src/shared/domain/SettingFields.js';
import { requestShape, responseShape } from '../../../src/shared/interface/http/fieldShapes.js';
import { validateDto } from '../../../src/shared/interface/http/validateDto.js';

// class-transformer ships this storage without typings; class-validator-jsonschema reads nested types from it.
const { defaultMetadataStorage } = require('class-transformer/cjs/storage.js') as { defaultMetadataStorage: never };

const FIELDS = {
  size: integer(1, 10, 3, 'a size'),
  on: flag(true, 'a switch'),
  tags: list({ label: text(1, 4, 'a label') }, { maxItems: 2, optional: true, description: 'some tags' }),
};
const Dto = requestShape('FieldKitProbe', FIELDS);
const Answer = responseShape('FieldKitProbe', FIELDS);

function detailsOf(work: () => unknown): Array<[string | undefined, string | undefined]> {
  try {
    work();
  } catch (error) {
    return (error as DomainError).details.map((d) => [d.field, d.rule]);
  }
  return [];
}

describe('a field list written once', () => {
  it('gives the defaults, frozen, with lists empty', () => {
    const defaults = defaultsOf(FIELDS);
    expect(defaults).to.deep.equal({ size: 3, on: true, tags: [] });
    expect(Object.isFrozen(defaults)).to.equal(true);
  });

  it('names every field that is missing, of the wrong type or out of bounds, nested ones by path', () => {
    expect(fieldProblems(FIELDS, { size: 3, on: true, tags: [{ label: 'ok' }] })).to.deep.equal([]);
    expect(
      fieldProblems(FIELDS, { size: 11, on: 'yes', tags: [{ label: 'ok' }, { label: ' ' }] }).map((d) => [
        d.field,
        d.rule,
      ]),
    ).to.deep.equal([
      ['size', 'range'],
      ['on', 'isBoolean'],
      ['tags[1].label', 'length'],
    ]);
    expect(
      fieldProblems(FIELDS, { size: 2.5, on: true, tags: [{ label: 'a\u0000' }] }).map((d) => [d.field, d.rule]),
    ).to.deep.equal([
      ['size', 'range'],
      ['tags[0].label', 'noNul'],
    ]);
    expect(
      fieldProblems(FIELDS, { size: 1, on: true, tags: [{ label: 'a' }, { label: 'b' }, { label: 'c' }] }).map(
        (d) => d.rule,
      ),
    ).to.deep.equal(['maxItems']);
    expect(fieldProblems(FIELDS, null).map((d) => d.rule)).to.deep.equal(['isObject']);
  });

  it('keeps exactly the declared fields, an absent optional list as empty', () => {
    const picked = pickFields(FIELDS, {
      size: 2,
      on: false,
      extra: 'dropped',
      tags: [{ label: 'a', more: 1 }],
    } as never);
    expect(picked).to.deep.equal({ size: 2, on: false, tags: [{ label: 'a' }] });
    expect(Object.isFrozen(picked.tags[0])).to.equal(true);
    expect(pickFields(FIELDS, { size: 2, on: false, tags: null } as never).tags).to.deep.equal([]);
  });

  it('makes a request DTO that checks types as sent, names each field, and lets the optional list be omitted or null', () => {
    expect(pickFields(FIELDS, validateDto(Dto, { size: 4, on: false }))).to.deep.equal({
      size: 4,
      on: false,
      tags: [],
    });
    expect(pickFields(FIELDS, validateDto(Dto, { size: 4, on: false, tags: null }))).to.deep.equal({
      size: 4,
      on: false,
      tags: [],
    });
    const wrong = detailsOf(() => validateDto(Dto, { size: '4', on: 1, tags: [{ label: 5 }] }));
    expect(wrong.slice(0, 2)).to.deep.equal([
      ['size', 'isInt'],
      ['on', 'isBoolean'],
    ]);
    expect(wrong.slice(2)).to.have.length(1);
    expect(wrong[2]![0]).to.match(/^tags(\.0|\[0\])\.label$/);
    expect(detailsOf(() => validateDto(Dto, {})).map(([field]) => field)).to.deep.equal(['size', 'on']);
  });

  it("describes the request and the answer in JSON Schema: bounds and defaults documented, the answer's list required", () => {
    const schemas = validationMetadatasToSchemas({
      classTransformerMetadataStorage: defaultMetadataStorage,
      refPointerPrefix: '#/definitions/',
    });
    expect(schemas['FieldKitProbeDto']!.required).to.deep.equal(['size', 'on']);
    expect(schemas['FieldKitProbe']!.required).to.deep.equal(['size', 'on', 'tags']);
    expect(schemas['FieldKitProbe']!.properties!['size']).to.deep.equal({
      type: 'integer',
      minimum: 1,
      maximum: 10,
      default: 3,
      description: 'a size',
    });
    expect(schemas['FieldKitProbe']!.properties!['tags']).to.deep.include({
      type: 'array',
      maxItems: 2,
      items: { $ref: '#/definitions/FieldKitProbeTagsItem' },
    });

    const ajv = new Ajv({ strict: false });
    for (const [name, schema] of Object.entries(schemas)) ajv.addSchema(schema, `#/definitions/${name}`);
    const answer = ajv.getSchema('#/definitions/FieldKitProbe')!;
    const value: InstanceType<typeof Answer> = pickFields(FIELDS, { size: 3, on: true, tags: [{ label: 'ab' }] });
    expect([answer(value), answer({ size: 3, on: true })]).to.deep.equal([true, false]);
  });
});
