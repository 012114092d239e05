import { expect } from 'chai';
import { guardJson } from '../../../src/app/http/jsonGuard.js';
import { HttpProblem } from '../../../src/app/http/HttpProblem.js';

function refusal(text: string, limits = { depth: 32, keys: 2000 }): HttpProblem {
  try {
    guardJson(text, limits);
  } catch (error) {
    expect(error).to.be.instanceOf(HttpProblem);
    return error as HttpProblem;
  }
  throw new Error(`accepted: ${text.slice(0, 80)}`);
}

describe('the JSON guard', () => {
  it('accepts what JSON.parse accepts, escapes and surrogate pairs included', () => {
    for (const text of [
      '{}',
      '[]',
      ' {"a": [1, -2.5e3, true, false, null, "x\\"\\u00e9\\ud83d\\ude00😀"], "b": {"c": {}}} ',
      '"s"',
      '0',
      '[[],[{}]]',
      '{"\\u0041": 1}',
    ]) {
      expect(() => guardJson(text), text).to.not.throw();
      expect(() => JSON.parse(text), text).to.not.throw();
    }
  });

  it('refuses malformed JSON as MALFORMED_JSON with its line and column', () => {
    const problem = refusal('{\n  "broken": ,\n}');
    expect(problem.code).to.equal('MALFORMED_JSON');
    expect(problem.message).to.contain('line 2, column 13');
    for (const text of [
      '{"broken": ',
      '{"a" 1}',
      '{a: 1}',
      '[1,]',
      '{"a":1}x',
      '"\\x"',
      'tru',
      '01',
      '"a\u0001"',
      '',
      '{"a":1,}',
    ]) {
      expect(refusal(text).code, text).to.equal('MALFORMED_JSON');
      expect(() => JSON.parse(text), text).to.throw(SyntaxError);
    }
  });

  it('refuses nesting deeper than the limit, naming the field path where it was passed, without recursion', () => {
    const deep = `{"a": {"b": [0, {"c": ${'['.repeat(10000)}${']'.repeat(10000)}}]}}`;
    const problem = refusal(deep, { depth: 6, keys: 100 });
    expect(problem.code).to.equal('JSON_TOO_DEEP');
    expect(problem.details[0]!.field).to.equal('a.b[1].c[0][0]');
    expect(() => guardJson('[[[[[[1]]]]]]', { depth: 6, keys: 10 })).to.not.throw();
    expect(refusal('[[[[[[[1]]]]]]]', { depth: 6, keys: 10 }).details[0]!.field).to.equal('[0][0][0][0][0][0]');
  });

  it('refuses more keys than the limit, counted over the whole body', () => {
    const many = JSON.stringify(Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, i])));
    expect(refusal(many).code).to.equal('TOO_MANY_KEYS');
    expect(() =>
      guardJson(JSON.stringify(Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, i])))),
    ).to.not.throw();
    expect(refusal('{"a": {"b": 1}, "c": [{"d": 1}]}', { depth: 5, keys: 3 }).code).to.equal('TOO_MANY_KEYS');
  });

  it('refuses a lone surrogate in a string or a key, escaped or raw, naming the field', () => {
    const cases: Array<[string, string]> = [
      ['{"name": "a\\ud800b"}', 'name'],
      ['{"list": ["ok", "\\udc00"]}', 'list[1]'],
      ['{"x": {"y": "\\ud800\\n"}}', 'x.y'],
      ['{"end": "\\ud800"}', 'end'],
      [JSON.stringify({ raw: 'a\ud800b' }), 'raw'],
      ['{"ke\\ud800y": 1}', 'a key of body'],
      ['{"odd key": {"k\\udfff": 1}}', 'a key of ["odd key"]'],
    ];
    for (const [text, field] of cases) {
      const problem = refusal(text);
      expect(problem.code, text).to.equal('LONE_SURROGATE');
      expect(problem.details[0]!.field, text).to.equal(field);
    }
  });
});
