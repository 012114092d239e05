import { expect } from 'chai';
import { compileTemplate, TemplateError, type TemplateOptions } from '../src/index.js';

function render(source: string, model: object = {}, options?: TemplateOptions): string {
  return compileTemplate(source, options).render(model);
}

/** The TemplateError a template gives when compiled or rendered, with its position and description. */
function failure(
  source: string,
  model: object = {},
  options?: TemplateOptions,
): { line: number; column: number; description: string; message: string } {
  try {
    compileTemplate(source, options).render(model);
  } catch (e) {
    expect(e).to.be.instanceOf(TemplateError);
    const t = e as TemplateError;
    return { line: t.line, column: t.column, description: t.description, message: t.message };
  }
  throw new Error(`expected ${JSON.stringify(source)} to fail`);
}

const D = new Date(Date.UTC(2026, 10, 23, 7, 30, 5, 0));
const D_MS = new Date(Date.UTC(2026, 0, 2, 15, 4, 9, 12));

describe('ftl: the call-history export example', () => {
  const template =
    '[<#list sessions as session>{"start":"${session.startDateTime}","from":"${session.inboundSourceDialString?json_string}","id":"${session.sessionIdentifier}"}<#sep>,</#sep></#list>]';

  it('renders sessions as a JSON array that parses back', () => {
    const sessions = [
      {
        startDateTime: '2026-11-23 07:30:00',
        inboundSourceDialString: 'Alice "A" \\ <+4940111>',
        sessionIdentifier: 'a1',
      },
      { startDateTime: '2026-11-23 07:31:00', inboundSourceDialString: '+4940222\n', sessionIdentifier: 'a2' },
      { startDateTime: '2026-11-23 07:32:00', inboundSourceDialString: '', sessionIdentifier: 'a3' },
    ];
    const out = render(template, { sessions });
    expect(out).to.equal(
      '[{"start":"2026-11-23 07:30:00","from":"Alice \\"A\\" \\\\ <+4940111>","id":"a1"},' +
        '{"start":"2026-11-23 07:31:00","from":"+4940222\\n","id":"a2"},{"start":"2026-11-23 07:32:00","from":"","id":"a3"}]',
    );
    expect(JSON.parse(out)).to.deep.equal(
      sessions.map((s) => ({ start: s.startDateTime, from: s.inboundSourceDialString, id: s.sessionIdentifier })),
    );
  });

  it('renders [] for no sessions and names a missing field with its position', () => {
    expect(render(template, { sessions: [] })).to.equal('[]');
    const f = failure(template, { sessions: [{ startDateTime: 'x', inboundSourceDialString: 'y' }] });
    expect(f).to.include({ line: 1, column: 129, description: 'session.sessionIdentifier is undefined' });
    expect(f.message).to.equal('line 1, column 129: session.sessionIdentifier is undefined');
  });

  it('prints a Date field as ISO 8601 UTC', () => {
    expect(render('${s.startDateTime}', { s: { startDateTime: D } })).to.equal('2026-11-23T07:30:05Z');
  });
});

describe('ftl: interpolation and expressions', () => {
  it('prints strings as they are and numbers in the default (en_US) format', () => {
    expect(render('a${s}b', { s: '<&>' })).to.equal('a<&>b');
    expect(render('${n} ${m} ${f} ${neg}', { n: 1234567, m: 0.5, f: 3.14159, neg: -2 })).to.equal(
      '1,234,567 0.5 3.142 -2',
    );
  });

  it('reads members with dots and brackets, sequences by index and strings by character', () => {
    const model = { a: { b: { 'c-d': 5, list: ['x', 'y'] } }, key: 'c-d', i: 1 };
    expect(render('${a.b["c-d"]} ${a.b[key]} ${a.b.list[0]}${a.b.list[i]} ${"hey"[1]}', model)).to.equal('5 5 xy e');
  });

  it('has string, number and boolean literals with escapes', () => {
    expect(
      render('${"dq \\"x\\" \\n"}|${\'sq \\\'\'}|${r"raw \\n"}|${"\\l\\g\\a\\x41"}|${42}|${1.25}|${true?c}'),
    ).to.equal('dq "x" \n|sq \'|raw \\n|<>&A|42|1.25|true');
  });

  it('does arithmetic with precedence and parentheses', () => {
    expect(render('${1 + 2 * 3} ${(1 + 2) * 3} ${10 / 4} ${10 % 4} ${-x + 1} ${+x} ${7 - 2 - 1}', { x: 5 })).to.equal(
      '7 9 2.5 2 -4 5 4',
    );
  });

  it('joins strings with + (numbers in the default format)', () => {
    expect(render('${"a" + 1 + "b"} ${"n=" + 1234} ${x + "!"}', { x: 'hi' })).to.equal('a1b n=1,234 hi!');
  });

  it('compares with == != < <= > >= and lt lte gt gte', () => {
    const t =
      '${(1 == 1)?c}${(1 != 1)?c}${(1 < 2)?c}${(2 <= 2)?c}${(3 > 2)?c}${(2 >= 3)?c}${(1 lt 2)?c}${(2 lte 1)?c}${(3 gt 2)?c}${(2 gte 2)?c}';
    expect(render(t)).to.equal('truefalsetruetruetruefalsetruefalsetruetrue');
    expect(
      render('${("a" == "a")?c} ${(s != "b")?c} ${(d1 < d2)?c} ${(d1 == d1copy)?c} ${(x = 1)?c}', {
        s: 'a',
        d1: D,
        d2: D_MS.getTime() > D.getTime() ? D_MS : new Date(D.getTime() + 1),
        d1copy: new Date(D.getTime()),
        x: 1,
      }),
    ).to.equal('true true true true true');
  });

  it('combines booleans with && || ! and short-circuits', () => {
    expect(
      render('${(t && f)?c} ${(t || f)?c} ${(!f)?c} ${(f && missing)?c} ${(t || missing)?c}', { t: true, f: false }),
    ).to.equal('false true true false true');
  });

  it('gives defaults with ! and tests existence with ??', () => {
    const model = { a: { b: null, n: 0 }, s: 'x' };
    expect(
      render('[${nope!}] [${nope!"d"}] [${a.b!"null"}] [${a.n!5}] [${s!"d"}] [${nope!other!"second"}]', model),
    ).to.equal('[] [d] [null] [0] [x] [second]');
    expect(render('${nope???c} ${s???c} ${a.b???c} ${(a.x.y)???c} ${(a.x.y)!"deep"}', model)).to.equal(
      'false true false false deep',
    );
  });

  it('binds the default tighter than operators: x!"a" + "b" is (x!"a") + "b"', () => {
    expect(render('${x!"a" + "b"} ${x!"a"?upper_case}')).to.equal('ab A');
  });
});

describe('ftl: directives', () => {
  it('<#list> with <#sep>...</#sep>, <#sep> up to </#list>, and <#else> for an empty sequence', () => {
    expect(render('<#list xs as x>${x}<#sep>, </#sep></#list>', { xs: [1, 2, 3] })).to.equal('1, 2, 3');
    expect(render('<#list xs as x>${x}<#sep>, </#list>', { xs: ['a', 'b'] })).to.equal('a, b');
    expect(render('<#list xs as x>${x}<#sep>, <#else>none</#list>', { xs: [] })).to.equal('none');
    expect(render('<#list xs as x>${x}<#sep>;<#else>none</#list>', { xs: ['only'] })).to.equal('only');
    expect(render('<#list xs as x>${x}</#list>', { xs: [] })).to.equal('');
  });

  it('x?index, x?counter, x?has_next, x?is_first, x?is_last', () => {
    expect(
      render('<#list xs as x>${x?index}${x?counter}${x?has_next?c}${x?is_first?c}${x?is_last?c} </#list>', {
        xs: ['a', 'b'],
      }),
    ).to.equal('01truetruefalse 12falsefalsetrue ');
  });

  it('nests lists: the inner variable shadows, <#sep> follows the innermost loop', () => {
    const model = { rows: [[1, 2], [3]], x: 'outer' };
    expect(render('<#list rows as r>[<#list r as x>${x}<#sep>,</#list>]<#sep>;</#list> ${x}', model)).to.equal(
      '[1,2];[3] outer',
    );
  });

  it('<#if>, <#elseif>, <#else>', () => {
    const t = '<#if n gt 10>big<#elseif n == 10>ten<#elseif n gt 0>small<#else>none</#if>';
    expect([20, 10, 5, 0].map((n) => render(t, { n }))).to.deep.equal(['big', 'ten', 'small', 'none']);
    expect(render('<#if (n > 1)>yes</#if>', { n: 2 })).to.equal('yes');
    expect(render('<#if n >= 2>yes</#if>', { n: 2 })).to.equal('yes');
  });

  it('<#assign> sets variables (several at once), shadowing the model', () => {
    expect(render('<#assign x = 1 y = x + 1><#assign s = "v" + y>${x} ${y} ${s}', { x: 9 })).to.equal('1 2 v2');
    expect(
      render('<#assign total = 0><#list xs as x><#assign total = total + x></#list>${total}', { xs: [1, 2, 3] }),
    ).to.equal('6');
  });

  it('<#-- comments --> produce nothing, also across lines and inside tags', () => {
    expect(render('a<#-- ${not evaluated} <#if> -->b<#if <#-- why --> true>c</#if>')).to.equal('abc');
  });

  it('strips the white-space of lines holding only directives, as FreeMarker does', () => {
    const t =
      'start\n<#list xs as x>\n  <#if x gt 1>\n  item ${x}\n  </#if>\n</#list>\n<#-- note -->\nend ${xs?size}\n';
    expect(render(t, { xs: [1, 2, 3] })).to.equal('start\n  item 2\n  item 3\nend 3\n');
    expect(render('a <#if true>b</#if> c\n')).to.equal('a b c\n');
  });
});

describe('ftl: built-ins', () => {
  it('?c for numbers and booleans', () => {
    expect(
      render('${n?c} ${f?c} ${big?c} ${t?c} ${inf?c} ${ninf?c} ${nan?c}', {
        n: 1234567,
        f: 0.1 + 0.2,
        big: 2 ** 53,
        t: true,
        inf: Infinity,
        ninf: -Infinity,
        nan: NaN,
      }),
    ).to.equal('1234567 0.30000000000000004 9007199254740992 true INF -INF NaN');
  });

  it('?string for strings, numbers, booleans and dates', () => {
    expect(
      render('${s?string} ${n?string} ${t?string} ${t?string("yes", "no")} ${f?string("yes", "no")}', {
        s: 'x',
        n: 1500,
        t: true,
        f: false,
      }),
    ).to.equal('x 1,500 true yes no');
    expect(
      render(
        '${d?string("yyyy-MM-dd HH:mm:ss")} | ${d?string("yy/M/d h:mm a EEE MMM")} | ${d?string("EEEE d MMMM yyyy \'at\' HH:mm:ss.SSS Z XXX z DDD")}',
        { d: D_MS },
      ),
    ).to.equal('2026-01-02 15:04:09 | 26/1/2 3:04 PM Fri Jan | Friday 2 January 2026 at 15:04:09.012 +0000 Z UTC 002');
    expect(render('${d?string}', { d: D })).to.equal('2026-11-23T07:30:05Z');
  });

  it('?html, ?xml, ?url, ?json_string, ?js_string', () => {
    const s = `<a href="x">Tom & Jerry's</a>`;
    expect(render('${s?html}', { s })).to.equal('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;');
    expect(render('${s?xml}', { s })).to.equal('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;');
    expect(render('${u?url}', { u: 'a b&c=d/é?' })).to.equal('a%20b%26c%3Dd%2F%C3%A9%3F');
    const j = 'q"b\\s/</script>\n\t\u0001\u2028\'';
    expect(render('${j?json_string}', { j })).to.equal('q\\"b\\\\s/<\\/script>\\n\\t\\u0001\\u2028\'');
    expect(JSON.parse(`"${render('${j?json_string}', { j })}"`)).to.equal(j);
    expect(render('${j?js_string}', { j })).to.equal('q\\"b\\\\s/<\\/script>\\n\\t\\u0001\\u2028\\\'');
  });

  it('?upper_case, ?lower_case, ?trim, ?length, ?size', () => {
    expect(
      render('${s?upper_case}|${s?lower_case}|${p?trim}|${s?length}|${xs?size}|${h?size}', {
        s: 'MiXed',
        p: '  pad \n',
        xs: [1, 2, 3],
        h: { a: 1, b: null, c: 'x' },
      }),
    ).to.equal('MIXED|mixed|pad|5|3|2');
  });

  it('?has_content is false for missing, empty string, sequence and hash', () => {
    const model = { e: '', s: 'x', xs: [], ys: [0], h: {}, n: 0, f: false, a: {} };
    expect(
      render(
        '${nope?has_content?c} ${e?has_content?c} ${s?has_content?c} ${xs?has_content?c} ${ys?has_content?c} ${h?has_content?c} ${n?has_content?c} ${f?has_content?c} ${(a.b.c)?has_content?c}',
        model,
      ),
    ).to.equal('false false true false true false true true false');
  });

  it('?number reads decimal text', () => {
    expect(render('${"42"?number + 1} ${" -1.5 "?number?c} ${"1e3"?number?c} ${n?number}', { n: 7 })).to.equal(
      '43 -1.5 1000 7',
    );
  });

  it('?date and ?datetime pass values through; ?iso_utc formats dates', () => {
    expect(
      render('${d?date} ${d?datetime} ${s?date} ${d?iso_utc} ${m?iso_utc}', { d: D, s: '2026-11-23', m: D_MS }),
    ).to.equal('2026-11-23T07:30:05Z 2026-11-23T07:30:05Z 2026-11-23 2026-11-23T07:30:05Z 2026-01-02T15:04:09.012Z');
  });
});

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

describe('ftl: safety', () => {
  it('never reaches prototypes, constructors or functions', () => {
    class Session {
      id = 's1';
      secret(): string {
        return 'no';
      }
      get computed(): string {
        return 'no';
      }
    }
    const model = { o: {}, s: new Session(), fn: () => 'no', arr: [1] };
    expect(
      render(
        '${constructor!"-"} ${o.constructor!"-"} ${o.__proto__!"-"} ${o["constructor"]!"-"} ${o.toString!"-"} ${o.hasOwnProperty!"-"}',
        model,
      ),
    ).to.equal('- - - - - -');
    expect(render('${s.id} ${s.secret!"-"} ${s.computed!"-"} ${fn!"-"} ${(arr[5].constructor)!"-"}', model)).to.equal(
      's1 - - - -',
    );
    expect(failure('${o.constructor.name}', model).description).to.equal('o.constructor is undefined');
    expect(failure('${fn}', model).description).to.equal('fn is undefined');
    expect(failure('${arr.constructor}', model).description).to.equal(
      'arr is a sequence, not a hash: cannot read .constructor',
    );
    expect(failure('${"s"["constructor"]}', model).description).to.equal(
      'a string index must be a whole number, but "constructor" is a string',
    );
    const withOwn = JSON.parse('{"__proto__": {"polluted": "yes"}, "constructor": "own"}') as object;
    expect(render('${m.__proto__!"-"} ${m.constructor!"-"} ${(m.__proto__.polluted)!"-"}', { m: withOwn })).to.equal(
      '- - -',
    );
  });

  it('stops output larger than maxOutputBytes (UTF-8 bytes)', () => {
    expect(render('<#list xs as x>ab</#list>', { xs: [1, 2, 3] }, { maxOutputBytes: 6 })).to.equal('ababab');
    const f = failure('<#list xs as x>ab</#list>', { xs: [1, 2, 3, 4] }, { maxOutputBytes: 6 });
    expect(f).to.include({ line: 1, column: 16, description: 'the output exceeds 6 bytes (maxOutputBytes)' });
    expect(failure('${s}', { s: 'ééé' }, { maxOutputBytes: 5 }).description).to.equal(
      'the output exceeds 5 bytes (maxOutputBytes)',
    );
  });

  it('stops runaway templates after maxSteps', () => {
    const xs = Array.from({ length: 1000 }, (_, i) => i);
    const t = '<#list xs as a><#list xs as b><#list xs as c>${c}</#list></#list></#list>';
    const f = failure(t, { xs }, { maxSteps: 100_000 });
    expect(f.description).to.equal('the template took more than 100000 steps (maxSteps)');
    expect(f.line).to.equal(1);
  });

  it('defaults: 16 MiB of output and 10 million steps', () => {
    const xs = Array.from({ length: 5000 }, () => 0);
    const f = failure('<#list xs as a><#list xs as b>${b}</#list></#list>', { xs });
    expect(f.description).to.equal('the template took more than 10000000 steps (maxSteps)');
    const big = 'x'.repeat(1024 * 1024);
    const ok = render('<#list xs as x>${big}</#list>', { xs: Array.from({ length: 16 }), big });
    expect(ok.length).to.equal(16 * 1024 * 1024);
    expect(failure('<#list xs as x>${big}</#list>', { xs: Array.from({ length: 17 }), big }).description).to.equal(
      `the output exceeds ${16 * 1024 * 1024} bytes (maxOutputBytes)`,
    );
  });

  it('refuses bad options and models', () => {
    expect(() => compileTemplate('x', { maxSteps: 0 })).to.throw(RangeError, /maxSteps/);
    expect(() => compileTemplate('x', { maxOutputBytes: 1.5 })).to.throw(RangeError, /maxOutputBytes/);
    expect(() => compileTemplate(42 as unknown as string)).to.throw(TypeError, /string/);
    expect(() => compileTemplate('x').render(null as unknown as object)).to.throw(TypeError, /model/);
  });

  it('renders a compiled template many times with different models', () => {
    const t = compileTemplate('<#assign n = (n!0) + 1>${n}');
    expect([t.render({}), t.render({ n: 5 }), t.render({})]).to.deep.equal(['1', '6', '1']);
  });
});
