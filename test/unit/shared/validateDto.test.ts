import 'reflect-metadata';
import { expect } from 'chai';
import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import { DomainError } from '../../../src/shared/domain/DomainError.js';
import { validateDto, validateDtoArray } from '../../../src/shared/interface/http/validateDto.js';

class Leaf {
  @IsString() c!: string;
}
class Branch {
  @IsArray() @ValidateNested({ each: true }) @Type(() => Leaf) b!: Leaf[];
}
class Body {
  @IsString() name!: string;
  @IsOptional() @IsBoolean() enabled?: boolean;
  @IsOptional() @IsInt() count?: number;
  @IsOptional() @ValidateNested() @Type(() => Branch) a?: Branch;
}

function refusal(body: unknown, run: (b: unknown) => unknown = (b) => validateDto(Body, b)): DomainError {
  try {
    run(body);
  } catch (error) {
    expect(error).to.be.instanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('accepted');
}

describe('validateDto', () => {
  it('says a missing field is required, not that it must be a string', () => {
    const error = refusal({ enabled: true });
    expect(error.details).to.deep.equal([{ field: 'name', rule: 'required', message: 'name is required' }]);
  });

  it('names nested fields as the request does: a.b[1].c', () => {
    const error = refusal({ name: 'x', a: { b: [{ c: 'ok' }, { c: 5 }, {}] } });
    expect(error.details.map((d) => d.field)).to.deep.equal(['a.b[1].c', 'a.b[2].c']);
    expect(error.details[0]!.message).to.equal('a.b[1].c must be a string');
    expect(error.details[1]!.message).to.equal('a.b[2].c is required');
  });

  it('refuses unknown fields, top-level and nested, naming them', () => {
    expect(refusal({ name: 'x', colour: 'red' }).code).to.equal('UNKNOWN_FIELD');
    expect(refusal({ name: 'x', colour: 'red' }).details.map((d) => d.field)).to.deep.equal(['colour']);
    const nested = refusal({ name: 'x', a: { b: [{ c: 'ok', d: 1 }] } });
    expect(nested.details.map((d) => d.field)).to.deep.equal(['a.b[0].d']);
  });

  it('refuses an array where a nested object is expected, naming it, instead of taking it for an empty object', () => {
    for (const a of [[], [{ b: [] }]]) {
      const error = refusal({ name: 'x', a });
      expect(error.code).to.equal('VALIDATION_FAILED');
      expect(error.details, JSON.stringify(a)).to.deep.include({
        field: 'a',
        rule: 'isObject',
        message: 'a must be a JSON object, not an array',
      });
    }
    // an array of shapes takes objects only: an element that is an array is refused by its index
    expect(refusal({ name: 'x', a: { b: [{ c: 'ok' }, [{ c: 'y' }]] } }).details.map((d) => d.field)).to.deep.equal([
      'a.b[1]',
    ]);
  });

  it("refuses a nested member named as one of Object.prototype's (__proto__, constructor), which the copy would drop unseen", () => {
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const body = JSON.parse(`{"name":"x","a":{"b":[{"c":"ok","${key}":{"c":"y"}}],"${key}":{"b":[]}}}`) as unknown;
      const error = refusal(body);
      expect(error.code, key).to.equal('VALIDATION_FAILED');
      expect(
        error.details.map((d) => [d.field, d.rule]),
        key,
      ).to.deep.equal([
        [`a.${key}`, 'unknown'],
        [`a.b[0].${key}`, 'unknown'],
      ]);
    }
    expect(({} as Record<string, unknown>)['c'], 'nothing polluted').to.equal(undefined);
  });

  it('refuses a body of 50,000 unknown keys before validating anything, naming the first few', () => {
    const body: Record<string, number> = { name: 1 } as never;
    for (let i = 0; i < 50_000; i++) body[`k${i}`] = i;
    const error = refusal(body);
    expect(error.code, 'refused before the wrong type of name is even seen').to.equal('UNKNOWN_FIELD');
    expect(error.details.map((d) => d.field)).to.deep.equal(['k0', 'k1', 'k2', 'k3', 'k4']);
    expect(error.message).to.contain('(and more)');
  });

  it('names the elements of an array body by index', () => {
    const error = refusal([{ name: 'x' }, { name: 3 }], (b) => validateDtoArray(Body, b));
    expect(error.details.map((d) => d.field)).to.deep.equal(['[1].name']);
  });

  it('hands back a typed instance for a valid body', () => {
    const dto = validateDto(Body, { name: 'x', a: { b: [{ c: 'y' }] } });
    expect(dto).to.be.instanceOf(Body);
    expect(dto.a!.b[0]).to.be.instanceOf(Leaf);
  });
});
