import { expect } from 'chai';
import fc from 'fast-check';
import { compileTemplate, TemplateError } from '../src/index.js';

/** Pieces that make up templates, well-formed or not. */
const PIECES = [
  'text',
  ' ',
  '\n',
  '${',
  '}',
  '<#if ',
  '<#elseif ',
  '<#else>',
  '</#if>',
  '<#list ',
  ' as ',
  '</#list>',
  '<#sep>',
  '</#sep>',
  '<#assign ',
  '=',
  '<#--',
  '-->',
  '>',
  '/>',
  'x',
  'xs',
  'h',
  'h.a',
  'h["b"]',
  'xs[0]',
  '1',
  '2.5',
  '"s"',
  "'q'",
  'true',
  '(',
  ')',
  '[',
  ']',
  '+',
  '-',
  '*',
  '/',
  '%',
  '==',
  '!=',
  '<',
  '>=',
  'gt',
  'lte',
  '&&',
  '||',
  '!',
  '??',
  '?c',
  '?string',
  '?size',
  '?has_content',
  '?index',
  '?has_next',
  '?json_string',
  '?upper_case',
  '?number',
  '?iso_utc',
  '?foo',
  ',',
  '.',
  'constructor',
  '__proto__',
  'd',
  '?string("yyyy")',
  '\\',
  '$',
  '#',
  '<',
  '</#',
  '<#',
];

describe('ftl: any input gives output or a TemplateError, never another exception', function () {
  this.timeout(60_000);
  it('holds for 3000 generated templates', () => {
    const model = { x: 3, xs: [1, 'two', true, null], h: { a: 'A', b: 2 }, d: new Date(0), s: '12' };
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }), (parts) => {
        const source = parts.join('');
        try {
          const out = compileTemplate(source, { maxSteps: 10_000, maxOutputBytes: 10_000 }).render(model);
          expect(out).to.be.a('string');
        } catch (e) {
          if (!(e instanceof TemplateError)) throw e;
          expect(e.line).to.be.greaterThan(0);
          expect(e.column).to.be.greaterThan(0);
        }
      }),
      { numRuns: 3000, seed: 20261123 },
    );
  });

  it('refuses deep default chains and unary chains with a TemplateError, not a stack overflow', () => {
    for (const source of [
      '${x' + '!y'.repeat(50_000) + '}',
      '${' + '-'.repeat(50_000) + '1}',
      '${' + '('.repeat(50_000) + '}',
      '${x' + '?c'.repeat(5000) + '}',
      '${x' + '.a'.repeat(5000) + '}',
      '${x' + '[0]'.repeat(5000) + '}',
    ]) {
      expect(() => compileTemplate(source)).to.throw(TemplateError);
    }
  });
});
