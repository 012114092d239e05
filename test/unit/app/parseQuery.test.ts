import { expect } from 'chai';
import { parseQuery } from '../../../src/app/http/operationRouter.js';
import { HttpProblem } from '../../../src/app/http/HttpProblem.js';
import { QueryParams } from '../../../src/shared/interface/http/QueryParams.js';

describe('the query string', () => {
  it('keeps a parameter named __proto__ as a plain parameter, so other parameters are not read from a prototype', () => {
    const raw = parseQuery('version=0&__proto__=1');
    expect(Object.getPrototypeOf(raw)).to.equal(null);
    expect(raw['__proto__']).to.equal('1');
    const query = new QueryParams(raw);
    expect(query.optionalEnum('sort', ['A', 'B'])).to.equal(undefined);
    expect(query.has('length')).to.equal(false);
    expect(query.optionalString('filter')).to.equal(undefined);
  });

  it('does not take names of Object.prototype members as given parameters', () => {
    const query = new QueryParams(parseQuery('version=0'));
    expect(query.has('constructor')).to.equal(false);
    expect(query.optionalString('toString')).to.equal(undefined);
  });

  it('collects a parameter given more than once into an array, __proto__ included', () => {
    expect(parseQuery('a=1&a=2')['a']).to.deep.equal(['1', '2']);
    expect(parseQuery('__proto__=1&__proto__=2')['__proto__']).to.deep.equal(['1', '2']);
  });
});

describe('the query string, decoded strictly', () => {
  it('decodes percent-escapes and + as a space, and keeps names without a value', () => {
    expect({ ...parseQuery('name=J%C3%BCrgen+M%20x&flag&e=') }).to.deep.equal({ name: 'Jürgen M x', flag: '', e: '' });
    expect(parseQuery('emoji=%F0%9F%98%80')['emoji']).to.equal('😀');
  });

  it('refuses an encoded lone surrogate or a broken escape with a 400 naming the parameter', () => {
    for (const [query, field] of [
      ['user=a%ED%A0%80b', "the query parameter 'user'"],
      ['user=%E0%A4', "the query parameter 'user'"],
      ['us%ED%B0%80er=1', 'a query parameter name'],
      ['id=%zz', "the query parameter 'id'"],
    ] as const) {
      expect(() => parseQuery(query), query)
        .to.throw(HttpProblem)
        .that.deep.include({ status: 400, code: 'MALFORMED_ENCODING' })
        .and.satisfy((problem: HttpProblem) => problem.details[0]!.field === field);
    }
  });
});
