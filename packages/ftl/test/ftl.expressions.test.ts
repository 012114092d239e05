import { expect } from 'chai';
import { render, failure, D, D_MS } from './ftlSupport.js';

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
