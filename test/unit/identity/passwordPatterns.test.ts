import { expect } from 'chai';
import { findPatterns } from '../../../src/contexts/identity/policies/domain/passwordPatterns.js';

const kinds = (password: string) => [...new Set(findPatterns(password).map((f) => f.kind))].sort();

describe('password patterns', () => {
  it('finds a character repeated three times in a row, in any case', () => {
    expect(kinds('xaaay')).to.deep.equal(['repetition']);
    expect(kinds('x111y')).to.deep.equal(['repetition']);
    expect(kinds('xAaAy')).to.deep.equal(['repetition']);
    expect(kinds('xaay')).to.deep.equal([]);
  });

  it('finds ascending and descending sequences of three letters or digits', () => {
    for (const text of ['abc', 'cba', 'XYZ', '123', '987', 'q7890'])
      expect(kinds(`%${text}%`), text).to.include('sequence');
    expect(kinds('acegik')).to.deep.equal([]);
  });

  it('finds runs of four neighbouring keys on QWERTY and QWERTZ rows, either direction', () => {
    for (const text of ['qwert', 'asdf', 'zxcv', 'yxcv', 'trewq', 'poiu', 'QWERTZ', 'vbnm']) {
      expect(kinds(`7${text}7`), text).to.include('keyboard');
    }
    expect(kinds('qwe')).to.deep.equal([]);
    expect(kinds('1qaz')).to.deep.equal([]);
  });

  it('finds nothing in a password without patterns', () => {
    expect(findPatterns('Tr0ub4dor&3')).to.deep.equal([]);
    expect(findPatterns('anadmin')).to.deep.equal([]);
  });
});
