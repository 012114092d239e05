import { expect } from 'chai';
import { render, D, D_MS } from './ftlSupport.js';

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
