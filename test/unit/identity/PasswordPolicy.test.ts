import { expect } from 'chai';
import { DomainError } from '../../../src/shared/domain/DomainError.js';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import {
  DEFAULT_PASSWORD_POLICY,
  PasswordPolicy,
  type PasswordPolicyValues,
} from '../../../src/contexts/identity/policies/domain/PasswordPolicy.js';

function policy(values: Partial<PasswordPolicyValues>): PasswordPolicy {
  return PasswordPolicy.of(DEFAULT_LAB, { ...DEFAULT_PASSWORD_POLICY, ...values });
}

const rules = (p: PasswordPolicy, password: string, usernames: string[] = []) =>
  p.violations(password, usernames).map((d) => d.rule);

function failure(work: () => unknown): DomainError {
  try {
    work();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('the password policy', () => {
  describe('defaults', () => {
    it('accept the well-known administrator password anadmin', () => {
      expect(PasswordPolicy.initial(DEFAULT_LAB).violations('anadmin', ['anadmin'])).to.deep.equal([]);
    });

    it('ask for 6 to 128 characters and nothing else', () => {
      const p = PasswordPolicy.initial(DEFAULT_LAB);
      expect(rules(p, 'abcde')).to.deep.equal(['minLength']);
      expect(rules(p, 'aaaaaa')).to.deep.equal([]);
      expect(rules(p, 'x'.repeat(129))).to.deep.equal(['maxLength']);
    });
  });

  it('counts length in characters, not UTF-16 units', () => {
    expect(rules(policy({ minLength: 3, maxLength: 3 }), '😀😀😀')).to.deep.equal([]);
  });

  it('judges the password as it is stored and checked (Unicode NFC), so decomposed accents change nothing', () => {
    const decomposed = 'Cafe\u0301-Pass-9'; // the same text as 'Café-Pass-9' to the hash and to every later login
    expect(rules(policy({ blacklist: [{ value: 'caf\u00e9' }] }), decomposed)).to.deep.equal(['blacklist']);
    expect(rules(policy({ blacklist: [{ value: 'cafe\u0301' }] }), 'Caf\u00e9-Pass-9')).to.deep.equal(['blacklist']);
    expect(rules(policy({ addUsernameToBlacklist: true }), 'Jose\u0301-Pass-9', ['jos\u00e9'])).to.deep.equal([
      'addUsernameToBlacklist',
    ]);
    expect(rules(policy({ minLength: 4 }), 'e\u0301e\u0301e\u0301')).to.deep.equal(['minLength']);
  });

  describe('with constraintAreas 0, every class minimum is mandatory', () => {
    const p = policy({ minDigits: 2, minCharacters: 3, minLowerCase: 1, minUpperCase: 1, minSpecial: 1 });

    it('names each class that falls short', () => {
      expect(rules(p, 'abcdef')).to.have.members(['minDigits', 'minUpperCase', 'minSpecial']);
      expect(rules(p, '12345678')).to.have.members(['minCharacters', 'minLowerCase', 'minUpperCase', 'minSpecial']);
    });

    it('accepts a password meeting them all, counting non-ASCII letters and any other character as special', () => {
      expect(rules(p, 'Äbc12 x')).to.deep.equal([]);
      expect(rules(p, 'Xyz12€a')).to.deep.equal([]);
    });
  });

  describe('with constraintAreas N, at least N of the five classes must hold at least max(1, minimum) characters', () => {
    const p = policy({ constraintAreas: 3, minDigits: 2 });

    it('accepts three satisfied classes even when another falls short', () => {
      // letters, lowercase, special: three classes, no digits at all
      expect(rules(p, 'abcd-efg')).to.deep.equal([]);
    });

    it('does not count a class below its minimum', () => {
      // letters, lowercase, and only 1 digit (minimum 2): two classes
      const details = p.violations('abcdef1', []);
      expect(details.map((d) => d.rule)).to.deep.equal(['constraintAreas']);
      expect(details[0]!.message).to.contain('2 digits');
    });

    it('asks for every class with constraintAreas 5', () => {
      const all = policy({ constraintAreas: 5 });
      expect(rules(all, 'Ab1!xyzq')).to.deep.equal([]);
      expect(rules(all, 'ab1!xyzq')).to.deep.equal(['constraintAreas']);
    });
  });

  describe('patterns false', () => {
    const p = policy({ patterns: false });

    it('refuses repetitions, sequences and keyboard runs, one detail per kind', () => {
      expect(rules(p, 'xaaa-123-qwer')).to.deep.equal(['patterns', 'patterns', 'patterns']);
      expect(rules(p, 'P9z!cbaQ')).to.deep.equal(['patterns']);
      expect(rules(p, 'Gm7-yxcv#')).to.deep.equal(['patterns']);
    });

    it('accepts a password without them, and patterns true accepts them all', () => {
      expect(rules(p, 'Gm7-Lp2#Wq')).to.deep.equal([]);
      expect(rules(policy({ patterns: true }), 'aaa123qwert')).to.deep.equal([]);
    });
  });

  describe('blacklist', () => {
    it('refuses a password containing a blacklisted text, in any case', () => {
      const p = policy({ blacklist: [{ value: 'Secret' }, { value: 'gateway' }] });
      expect(rules(p, 'my-SECRET-9')).to.deep.equal(['blacklist']);
      expect(rules(p, 'secretGateway')).to.deep.equal(['blacklist', 'blacklist']);
      expect(rules(p, 'Tr0ub4dor')).to.deep.equal([]);
    });

    it('refuses a password containing the username when addUsernameToBlacklist is on', () => {
      expect(rules(policy({ addUsernameToBlacklist: true }), 'xxALICExx', ['alice'])).to.deep.equal([
        'addUsernameToBlacklist',
      ]);
      expect(rules(policy({ addUsernameToBlacklist: false }), 'xxALICExx', ['alice'])).to.deep.equal([]);
    });
  });

  it('names every broken rule at once, never the password', () => {
    const p = policy({
      minLength: 12,
      minDigits: 1,
      patterns: false,
      blacklist: [{ value: 'abc' }],
      addUsernameToBlacklist: true,
    });
    const error = failure(() => p.enforce('bobabcaaa', ['bob']));
    expect(error.kind).to.equal('invalid');
    expect(error.code).to.equal('PASSWORD_POLICY_VIOLATED');
    expect(error.details.map((d) => d.rule)).to.have.members([
      'minLength',
      'minDigits',
      'patterns',
      'patterns',
      'blacklist',
      'addUsernameToBlacklist',
    ]);
    expect(error.details.every((d) => d.field === 'password')).to.equal(true);
    expect(error.message).to.not.contain('bobabcaaa');
  });

  describe('values', () => {
    it('must be whole numbers in range, with min ≤ max, as many constraint areas as classes, and satisfiable', () => {
      const error = failure(() => policy({ minLength: 10, maxLength: 8, minDigits: -1, constraintAreas: 6 }));
      expect(error.code).to.equal('INVALID_PASSWORD_POLICY');
      expect(error.details.map((d) => d.field)).to.have.members(['minDigits', 'constraintAreas']);
      const minMax = failure(() => policy({ minLength: 10, maxLength: 8 }));
      expect(minMax.details.map((d) => d.rule)).to.deep.equal(['minNotAboveMax']);
      const impossible = failure(() =>
        policy({ minLength: 4, maxLength: 4, minDigits: 2, minLowerCase: 2, minUpperCase: 1 }),
      );
      expect(impossible.details.map((d) => d.rule)).to.deep.equal(['satisfiable']);
      expect(failure(() => policy({ minSpecial: 1.5 })).details.map((d) => d.field)).to.deep.equal(['minSpecial']);
      expect(failure(() => policy({ blacklist: [{ value: '  ' }] })).details.map((d) => d.field)).to.deep.equal([
        'blacklist[0].value',
      ]);
    });

    it('are values: a policy built from new ones judges by them, the old one is unchanged', () => {
      const p = PasswordPolicy.initial(DEFAULT_LAB);
      const stricter = PasswordPolicy.of(DEFAULT_LAB, { ...p.values, minDigits: 1 });
      expect([rules(p, 'abcdefgh'), rules(stricter, 'abcdefgh')]).to.deep.equal([[], ['minDigits']]);
      expect(Object.isFrozen(stricter.values)).to.equal(true);
    });
  });
});
