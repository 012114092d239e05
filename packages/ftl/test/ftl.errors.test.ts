import { expect } from 'chai';
import { compileTemplate, TemplateError } from '../src/index.js';
import { render, failure, D } from './ftlSupport.js';

describe('ftl: syntax errors, with their positions', () => {
  const cases: [string, number, number, string][] = [
    ['x<#list xs as x>${x}', 1, 2, 'unclosed <#list> opened at 1:2'],
    ['a\n  <#if c>\n<#list xs as x></#list>', 2, 3, 'unclosed <#if> opened at 2:3'],
    ['${x?foo}', 1, 4, 'unknown built-in ?foo'],
    ['${x', 1, 4, 'unclosed ${ : expected }'],
    ['${}', 1, 1, 'empty interpolation ${}'],
    ['ab\n<#if x>y</#list>', 2, 9, '</#list> does not close <#if> opened at 2:1'],
    ['</#if>', 1, 1, '</#if> has no opening <#if>'],
    ['<#foo x>', 1, 1, 'unknown directive <#foo>'],
    ['</#foo>', 1, 1, 'unknown directive </#foo>'],
    ['<#else>', 1, 1, '<#else> outside <#if> or <#list>'],
    ['<#elseif x>', 1, 1, '<#elseif> outside <#if>'],
    ['<#if a>1<#else>2<#elseif b>3</#if>', 1, 17, '<#elseif> after <#else> in <#if> opened at 1:1'],
    ['<#if a>1<#else>2<#else>3</#if>', 1, 17, 'second <#else> in <#if> opened at 1:1'],
    ['<#sep>', 1, 1, '<#sep> must be inside <#list>'],
    ['<#list xs as x><#else><#sep></#list>', 1, 23, '<#sep> must be inside <#list>'],
    ['<#list xs>', 1, 10, '<#list> expects "as name" after the sequence'],
    ['<#list xs as>', 1, 13, '<#list> expects a loop variable name after "as"'],
    ['<#if>', 1, 1, '<#if> needs a condition'],
    ['<#assign = 1>', 1, 10, '<#assign> expects "name = value"'],
    ['<#assign x 1>', 1, 12, 'expected = but found 1'],
    ['<#else x>', 1, 8, '<#else> takes no parameters'],
    ['a <#-- open', 1, 3, 'unclosed comment <#-- (expected -->)'],
    ['${"abc}', 1, 3, 'unclosed string literal'],
    ['${"a${b}"}', 1, 5, 'interpolation inside a string literal is not supported: join with + instead'],
    ['${"\\q"}', 1, 4, 'unknown escape \\q in string literal'],
    ['${1 +}', 1, 6, 'expected a value but found }'],
    ['${(1 + 2}', 1, 9, 'expected ) but found }'],
    ['${a.}', 1, 5, 'expected a name after . but found }'],
    ['${a ~ b}', 1, 5, 'unexpected character "~" in expression'],
    ['${a b}', 1, 5, 'expected the end of the interpolation ${...} but found b'],
    ['<#if x y>', 1, 8, 'expected the end of <#if> but found y'],
    ['${' + '('.repeat(300) + '1' + ')'.repeat(300) + '}', 1, 203, 'expression nested more than 200 levels deep'],
  ];
  for (const [source, line, column, description] of cases) {
    it(`${JSON.stringify(source.length > 40 ? source.slice(0, 40) + '...' : source)}: ${line}:${column} ${description}`, () => {
      try {
        compileTemplate(source);
        expect.fail('compiled');
      } catch (e) {
        expect(e).to.be.instanceOf(TemplateError);
        expect(e).to.include({ line, column, description });
      }
    });
  }

  it('evaluates a chain of 999 operations and refuses a longer one at compile time', () => {
    expect(render('${' + Array.from({ length: 1000 }, () => '1').join(' + ') + '}')).to.equal('1,000');
    const f = failure('${' + Array.from({ length: 1002 }, () => '1').join('+') + '}');
    expect(f).to.include({ line: 1, column: 3, description: 'expression too complex: more than 1000 operations deep' });
  });

  it('refuses directives nested more than 500 deep', () => {
    const f = failure('<#if true>'.repeat(501) + '</#if>'.repeat(501));
    expect(f).to.include({ line: 1, column: 5001, description: 'directives nested more than 500 levels deep' });
  });
});

describe('ftl: rendering errors, with their positions', () => {
  const cases: [string, object, number, number, string][] = [
    ['${session.nope}', { session: {} }, 1, 3, 'session.nope is undefined'],
    ['\n  ${a.b.c}', { a: {} }, 2, 5, 'a.b is undefined'],
    ['${a.b.c!"x"}', { a: {} }, 1, 3, 'a.b is undefined'],
    ['${a.b.c??}', { a: {} }, 1, 3, 'a.b is undefined'],
    ['${x?upper_case}', {}, 1, 3, 'x is undefined'],
    ['<#list xs as x></#list>', {}, 1, 8, 'xs is undefined'],
    ['<#list s as x></#list>', { s: 'abc' }, 1, 8, '<#list> needs a sequence, but s is a string'],
    ['<#if flag>y</#if>', { flag: 'yes' }, 1, 6, 'a condition must be a boolean, but flag is a string'],
    ['<#if nope>y</#if>', {}, 1, 6, 'nope is undefined'],
    ['<#assign v = nope>', {}, 1, 14, 'nope is undefined'],
    ['${b}', { b: true }, 1, 3, 'b is a boolean, which cannot be printed as it is: use ?c or ?string("yes", "no")'],
    ['${xs}', { xs: [1] }, 1, 3, 'xs is a sequence, which cannot be printed'],
    ['${h}', { h: {} }, 1, 3, 'h is a hash, which cannot be printed'],
    ['${n?upper_case}', { n: 1 }, 1, 3, 'n?upper_case: needs a string, got a number'],
    ['${s?c}', { s: 'x' }, 1, 3, 's?c: needs a number or a boolean, got a string'],
    ['${s?number}', { s: '12abc' }, 1, 3, 's?number: "12abc" is not a number'],
    [
      '${n?string("0.00")}',
      { n: 1 },
      1,
      3,
      'n?string("0.00"): number patterns are not supported: use ?c for the computer format',
    ],
    ['${b?string("yes")}', { b: true }, 1, 3, 'b?string("yes"): on a boolean takes two strings: ?string("yes", "no")'],
    ['${d?string("yyyy-qq")}', { d: D }, 1, 3, 'd?string("yyyy-qq"): unsupported letter q in date pattern "yyyy-qq"'],
    ['${d}', { d: new Date(NaN) }, 1, 3, 'd is an invalid date'],
    ['${s?index}', { s: 'x' }, 1, 3, '?index needs a <#list> loop variable, and s is not one'],
    ['${xs?length}', { xs: [] }, 1, 3, 'xs?length: needs a string, got a sequence (use ?size for sequences)'],
    ['${1 - "a"}', {}, 1, 3, '- needs two numbers, but 1 is a number and "a" is a string'],
    ['${x / 0}', { x: 1 }, 1, 7, 'division by zero: 0 is 0'],
    [
      '${(1 == "1")?c}',
      {},
      1,
      4,
      '== compares two strings, numbers, booleans or dates of the same kind, but 1 is a number and "1" is a string',
    ],
    ['${("a" < "b")?c}', {}, 1, 4, '< compares two numbers or two dates, but "a" is a string and "b" is a string'],
    ['${(1 && true)?c}', {}, 1, 4, '&& needs booleans, but 1 is a number'],
    ['${(!1)?c}', {}, 1, 4, '! needs a boolean, but 1 is a number'],
    ['${-s}', { s: 'x' }, 1, 3, 'unary - needs a number, but s is a string'],
    ['${s.x}', { s: 'str' }, 1, 3, 's is a string, not a hash: cannot read .x'],
    ['${xs["a"]}', { xs: [] }, 1, 6, 'a sequence index must be a whole number, but "a" is a string'],
    ['${xs[5]}', { xs: [1] }, 1, 3, 'xs[5] is undefined'],
  ];
  for (const [source, model, line, column, description] of cases) {
    it(`${JSON.stringify(source)}: ${line}:${column} ${description}`, () => {
      expect(failure(source, model)).to.include({ line, column, description });
    });
  }
});
