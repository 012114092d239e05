import { expect } from 'chai';
import type { DialStringMatcher } from '../../../../src/contexts/configuration/routing/domain/RouteModel.js';
import { compileMatcher } from '../../../../src/contexts/configuration/routing/domain/compiled/CompiledMatcher.js';
import { InvalidField } from '../../../../src/contexts/configuration/routing/domain/compiled/InvalidField.js';
import {
  SipStatusCodes,
  compileFailover,
} from '../../../../src/contexts/configuration/routing/domain/compiled/SipStatusMatch.js';
import { WildcardPattern } from '../../../../src/contexts/configuration/routing/domain/compiled/WildcardPattern.js';

const never = (): DialStringMatcher => ({ type: 'NEVER' });
const directory = (...entries: string[]): DialStringMatcher => ({ type: 'DIRECTORY', directory: entries });
const range = (
  firstExtension: string,
  lastExtension: string,
  trunk: string,
  zeroExtend = false,
): DialStringMatcher => ({
  type: 'EXTENSION_RANGE',
  extensionRange: { firstExtension, lastExtension, trunk, zeroExtend },
});
const wildcard = (wildcardPattern: string): DialStringMatcher => ({ type: 'WILDCARD', wildcardPattern });
const plain = (prefix: string, suffix: string): DialStringMatcher => ({ type: 'PLAIN', plain: { prefix, suffix } });

/** [matcher, dial string, the parts when it matches or false when it must not]. */
const ROWS: readonly [string, DialStringMatcher, string, readonly string[] | false][] = [
  ['NEVER matches nothing', never(), '123', false],
  ['NEVER does not match the empty string either', never(), '', false],
  ['DIRECTORY: an entry matches', directory('100', '200'), '200', ['200']],
  ['DIRECTORY: a longer dial string does not', directory('100', '200'), '2000', false],
  ['DIRECTORY: a shorter dial string does not', directory('100', '200'), '20', false],
  ['DIRECTORY: an empty directory matches nothing', directory(), '', false],
  [
    'EXTENSION_RANGE: trunk + extension within the range',
    range('100', '199', '+49305'),
    '+49305150',
    ['+49305150', '150'],
  ],
  ['EXTENSION_RANGE: the first extension is inside', range('100', '199', '+49305'), '+49305100', ['+49305100', '100']],
  ['EXTENSION_RANGE: the last extension is inside', range('100', '199', '+49305'), '+49305199', ['+49305199', '199']],
  ['EXTENSION_RANGE: above the range', range('100', '199', '+49305'), '+49305200', false],
  ['EXTENSION_RANGE: below the range', range('100', '199', '+49305'), '+49305099', false],
  ['EXTENSION_RANGE: another trunk', range('100', '199', '+49305'), '+49405150', false],
  ['EXTENSION_RANGE: the trunk alone', range('100', '199', '+49305'), '+49305', false],
  ['EXTENSION_RANGE: a non-digit extension', range('100', '199', '+49305'), '+4930515a', false],
  [
    'EXTENSION_RANGE: without zeroExtend a shorter extension does not match',
    range('000', '099', '+49305'),
    '+493055',
    false,
  ],
  [
    'EXTENSION_RANGE: zeroExtend pads a shorter extension (5 is 005)',
    range('000', '099', '+49305', true),
    '+493055',
    ['+493055', '5'],
  ],
  [
    'EXTENSION_RANGE: zeroExtend, the padded extension still has to be in the range',
    range('100', '199', '+49305', true),
    '+4930515',
    false,
  ],
  ['EXTENSION_RANGE: a longer extension never matches', range('000', '999', '+49305', true), '+493051234', false],
  ['EXTENSION_RANGE: numeric, not lexical (9 < 10 within 05-20)', range('5', '20', '7'), '709', ['709', '09']],
  ['EXTENSION_RANGE: an empty trunk', range('200', '299', ''), '250', ['250', '250']],
  ['WILDCARD: * takes the rest', wildcard('0*'), '0301', ['0301', '301']],
  ['WILDCARD: the literal part must match', wildcard('0*'), '1301', false],
  ['WILDCARD: ? is one character', wildcard('?23'), '123', ['123', '1']],
  ['WILDCARD: the whole dial string must match', wildcard('?23'), '1234', false],
  ['WILDCARD: a run of wildcards is one capture', wildcard('+49???'), '+49123', ['+49123', '123']],
  ['WILDCARD: ? needs a character', wildcard('+49???'), '+4912', false],
  ['WILDCARD: the leftmost * takes as little as it can', wildcard('1*2*'), '1a2b2c', ['1a2b2c', 'a', 'b2c']],
  ['WILDCARD: * also matches nothing', wildcard('*'), '', ['', '']],
  ['WILDCARD: a pattern without wildcards is an exact match', wildcard('12'), '12', ['12']],
  ['WILDCARD: a pattern without wildcards does not match more', wildcard('12'), '123', false],
  ['WILDCARD: a SIP user part', wildcard('*.sales'), 'alice.sales', ['alice.sales', 'alice']],
  ['WILDCARD: regular expression characters are literal', wildcard('1.2*'), '1x2', false],
  ['WILDCARD: regular expression characters match themselves', wildcard('1.2*'), '1.23', ['1.23', '3']],
  ['WILDCARD: trailing stars match the empty rest', wildcard('12**'), '12', ['12', '']],
  ['WILDCARD: matching is case-sensitive', wildcard('Bob*'), 'bob1', false],
  ['PLAIN: starts with the prefix and ends with the suffix', plain('0', '#'), '0123#', ['0123#', '123']],
  ['PLAIN: prefix and suffix side by side', plain('0', '#'), '0#', ['0#', '']],
  ['PLAIN: prefix and suffix may not overlap', plain('12', '23'), '123', false],
  ['PLAIN: the prefix must match', plain('0', ''), '123', false],
  ['PLAIN: the suffix must match', plain('', '9'), '123', false],
  ['PLAIN: empty prefix and suffix match anything', plain('', ''), '', ['', '']],
];

describe('dial string matchers', () => {
  for (const [name, matcher, text, expected] of ROWS) {
    it(name, () => {
      const compiled = compileMatcher(matcher);
      expect(compiled.test(text)).to.equal(expected !== false);
      if (expected) expect(compiled.parts(text)).to.deep.equal(expected);
    });
  }

  it('every dial string a matcher matches starts with its index key (or is one of its exact values)', () => {
    const matchers = [
      directory('100', '200'),
      range('100', '199', '+49305'),
      range('000', '099', '+49305', true),
      range('1200', '1299', '9'),
      wildcard('+49???'),
      wildcard('0*1'),
      plain('030', '#'),
    ];
    const texts = [
      '100',
      '200',
      '+49305150',
      '+493055',
      '91234',
      '91250',
      '+49123',
      '0301',
      '0301#',
      '030#',
      '+49305042',
    ];
    for (const matcher of matchers) {
      const compiled = compileMatcher(matcher);
      for (const text of texts.filter((candidate) => compiled.test(candidate))) {
        const key = compiled.key;
        if (key.kind === 'exact') expect(key.values.has(text)).to.equal(true);
        else if (key.kind === 'prefix')
          expect(text.startsWith(key.prefix), `${text} under ${key.prefix}`).to.equal(true);
        else expect.fail('a NEVER key matched');
      }
    }
    expect(compileMatcher(range('1200', '1299', '9')).key).to.deep.equal({ kind: 'prefix', prefix: '912' });
    expect(compileMatcher(range('1200', '1299', '9', true)).key).to.deep.equal({ kind: 'prefix', prefix: '9' });
  });

  it('a wildcard pattern built to make a regular expression backtrack is answered at once', () => {
    const pattern = new WildcardPattern('*a*a*a*a*a*a*a*a*a*a*b');
    const started = process.hrtime.bigint();
    expect(pattern.test('a'.repeat(5000))).to.equal(false);
    expect(Number(process.hrtime.bigint() - started) / 1e6).to.be.below(500);
  });

  const refusals: readonly [string, DialStringMatcher, string][] = [
    ['an unknown type', { type: 'REGEX' as never }, 'type'],
    ['DIRECTORY without directory', { type: 'DIRECTORY' }, 'directory'],
    ['EXTENSION_RANGE without extensionRange', { type: 'EXTENSION_RANGE' }, 'extensionRange'],
    ['WILDCARD without wildcardPattern', { type: 'WILDCARD' }, 'wildcardPattern'],
    ['PLAIN without plain', { type: 'PLAIN' }, 'plain'],
    ['a non-digit lastExtension', range('100', '1x9', ''), 'extensionRange.lastExtension'],
    ['an empty firstExtension', range('', '199', ''), 'extensionRange.firstExtension'],
    ['a firstExtension longer than lastExtension', range('0100', '199', ''), 'extensionRange.firstExtension'],
    ['a firstExtension above lastExtension', range('200', '199', ''), 'extensionRange.firstExtension'],
  ];
  for (const [what, matcher, field] of refusals) {
    it(`refuses ${what}, naming ${field}`, () => {
      expect(() => compileMatcher(matcher))
        .to.throw(InvalidField)
        .with.property('field', field);
    });
  }
});

describe('SIP status code lists and failover', () => {
  const LIST = SipStatusCodes.parse('408,480-486,500-599');
  const cases: readonly [number, boolean][] = [
    [408, true],
    [407, false],
    [409, false],
    [480, true],
    [483, true],
    [486, true],
    [487, false],
    [500, true],
    [599, true],
    [600, false],
    [200, false],
  ];
  for (const [code, expected] of cases) {
    it(`408,480-486,500-599 ${expected ? 'holds' : 'does not hold'} ${code}`, () =>
      expect(LIST.has(code)).to.equal(expected));
  }

  it('allows blanks around items and names no code when empty', () => {
    expect(SipStatusCodes.parse(' 408 , 500 - 503 ').has(502)).to.equal(true);
    expect(SipStatusCodes.parse('').has(408)).to.equal(false);
    expect(SipStatusCodes.parse('100,699').has(699)).to.equal(true);
  });

  for (const [text, problem] of [
    ['408,48x', /'48x' is not/],
    ['700', /outside/],
    ['099', /outside/],
    ['500-400', /running downwards; write it as 400-500/],
    ['408,', /'' is not/],
    ['4080', /is not/],
    ['500-', /is not/],
  ] as const) {
    it(`refuses '${text}'`, () => {
      expect(() => SipStatusCodes.parse(text))
        .to.throw(InvalidField, problem)
        .with.property('field', 'sipStatusCodes');
    });
  }

  it('fails over on the listed SIP codes and telephony statuses only', () => {
    const failover = compileFailover({ sipStatusCodes: '408,480-486', telStatusList: ['USER_BUSY', 'ERROR'] });
    expect([408, 480, 486, 487, 503].map(failover)).to.deep.equal([true, true, true, false, false]);
    expect((['USER_BUSY', 'ERROR', 'NO_ANSWER', 'TIMEOUT'] as const).map(failover)).to.deep.equal([
      true,
      true,
      false,
      false,
    ]);
  });

  it('a target without failoverStatusMatch never fails over', () => {
    const failover = compileFailover(undefined);
    expect([408, 503, 'USER_BUSY' as const].map(failover)).to.deep.equal([false, false, false]);
  });

  it('refuses an unknown telephony status, naming its place', () => {
    expect(() => compileFailover({ sipStatusCodes: '', telStatusList: ['USER_BUSY', 'BUSY' as never] }))
      .to.throw(InvalidField)
      .with.property('field', 'telStatusList[1]');
  });
});
