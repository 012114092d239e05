import { expect } from 'chai';
import { sessionCookie } from '../../../src/app/http/authenticate.js';

describe('reading the session cookie', () => {
  it('finds JSESSIONID wherever it stands in the Cookie header', () => {
    expect(sessionCookie('JSESSIONID=abc')).to.equal('abc');
    expect(sessionCookie('theme=dark; JSESSIONID=abc; lang=de')).to.equal('abc');
    expect(sessionCookie('theme=dark;JSESSIONID= abc ')).to.equal('abc');
    expect(sessionCookie('JSESSIONID="quoted"')).to.equal('quoted');
  });

  it('ignores cookies whose names only end in JSESSIONID, and empty values', () => {
    expect(sessionCookie('OLDJSESSIONID=zzz')).to.equal(undefined);
    expect(sessionCookie('OLDJSESSIONID=zzz; JSESSIONID=real')).to.equal('real');
    expect(sessionCookie('JSESSIONID=')).to.equal(undefined);
    expect(sessionCookie('')).to.equal(undefined);
    expect(sessionCookie('theme=dark')).to.equal(undefined);
  });
});
