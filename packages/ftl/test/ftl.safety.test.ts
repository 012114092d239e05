import { expect } from 'chai';
import { compileTemplate } from '../src/index.js';
import { render, failure } from './ftlSupport.js';

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
