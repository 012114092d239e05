import { expect } from 'chai';
import { parseQuery } from '../../../src/app/http/operationRouter.js';
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
