import { expect } from 'chai';
import {
  digestAuthorization,
  formatDigestChallenge,
  NonceIssuer,
  parseDigestAuthorization,
  parseDigestChallenge,
  verifyDigest,
} from '../src/index.js';

describe('SIP digest authentication', () => {
  it('reproduces the RFC 2617 section 3.5 example (MD5, qop=auth)', () => {
    const challenge = parseDigestChallenge(
      'Digest realm="testrealm@host.com", qop="auth,auth-int", ' +
        'nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41"',
    );
    expect(challenge).to.deep.equal({
      realm: 'testrealm@host.com',
      qop: 'auth,auth-int',
      nonce: 'dcd98b7102dd2f0e8b11d0f600bfb0c093',
      opaque: '5ccc069c403ebaf9f0171e9517f40e41',
    });
    const value = digestAuthorization(
      challenge!,
      { username: 'Mufasa', password: 'Circle Of Life' },
      'GET',
      '/dir/index.html',
      { cnonce: '0a4f113b', nc: 1 },
    );
    const credentials = parseDigestAuthorization(value)!;
    expect(credentials.response).to.equal('6629fae49393a05397450978507c4ef1');
    expect(credentials).to.include({
      username: 'Mufasa',
      qop: 'auth',
      nc: '00000001',
      cnonce: '0a4f113b',
      opaque: '5ccc069c403ebaf9f0171e9517f40e41',
    });
    expect(verifyDigest(credentials, 'Circle Of Life', 'GET')).to.equal(true);
  });

  it('reproduces the RFC 7616 section 3.9.1 example (SHA-256 and MD5)', () => {
    const base = {
      realm: 'http-auth@example.org',
      qop: 'auth',
      nonce: '7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v',
      opaque: 'FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS',
    };
    const options = { cnonce: 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ', nc: 1 };
    const user = { username: 'Mufasa', password: 'Circle of Life' };
    const sha = parseDigestAuthorization(
      digestAuthorization({ ...base, algorithm: 'SHA-256' }, user, 'GET', '/dir/index.html', options),
    )!;
    expect(sha.response).to.equal('753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1');
    expect(sha.algorithm).to.equal('SHA-256');
    const md5 = parseDigestAuthorization(
      digestAuthorization({ ...base, algorithm: 'MD5' }, user, 'GET', '/dir/index.html', options),
    )!;
    expect(md5.response).to.equal('8ca523f5e9506fed4657c9700eebdbec');
  });

  for (const algorithm of [undefined, 'MD5', 'MD5-sess', 'SHA-256', 'SHA-256-sess', 'SHA-512-256']) {
    for (const qop of [undefined, 'auth']) {
      it(`verifies what it builds and refuses a wrong password (${algorithm ?? 'no algorithm'}, ${qop ?? 'no qop'})`, () => {
        const challenge = { realm: 'gwsim', nonce: 'n0nce', algorithm, qop };
        const value = digestAuthorization(
          challenge,
          { username: '1001', password: 's3cret' },
          'REGISTER',
          'sip:gwsim.test',
        );
        const credentials = parseDigestAuthorization(value)!;
        expect(verifyDigest(credentials, 's3cret', 'REGISTER')).to.equal(true);
        expect(verifyDigest(credentials, 's3cret!', 'REGISTER')).to.equal(false);
        expect(verifyDigest(credentials, 's3cret', 'INVITE')).to.equal(false);
        expect(verifyDigest({ ...credentials, uri: 'sip:other.test' }, 's3cret', 'REGISTER')).to.equal(false);
      });
    }
  }

  it('refuses unknown algorithms, auth-int only, and truncated responses', () => {
    expect(() =>
      digestAuthorization(
        { realm: 'r', nonce: 'n', algorithm: 'SHA-1' },
        { username: 'u', password: 'p' },
        'INVITE',
        'sip:x',
      ),
    ).to.throw(/algorithm/);
    expect(() =>
      digestAuthorization(
        { realm: 'r', nonce: 'n', qop: 'auth-int' },
        { username: 'u', password: 'p' },
        'INVITE',
        'sip:x',
      ),
    ).to.throw(/qop/);
    const credentials = parseDigestAuthorization(
      digestAuthorization({ realm: 'r', nonce: 'n' }, { username: 'u', password: 'p' }, 'INVITE', 'sip:x'),
    )!;
    expect(verifyDigest({ ...credentials, response: credentials.response.slice(0, 31) }, 'p', 'INVITE')).to.equal(
      false,
    );
    expect(verifyDigest({ ...credentials, algorithm: 'SHA-1' }, 'p', 'INVITE')).to.equal(false);
    expect(verifyDigest({ ...credentials, qop: 'auth-int', nc: '00000001', cnonce: 'c' }, 'p', 'INVITE')).to.equal(
      false,
    );
  });

  it('formats a challenge that parses back, quoting and escaping values', () => {
    const challenge = {
      realm: 'a "quoted", realm',
      nonce: 'abc',
      opaque: 'o',
      algorithm: 'SHA-256',
      qop: 'auth',
      stale: true,
    };
    const text = formatDigestChallenge(challenge);
    expect(text).to.match(/^Digest realm="a \\"quoted\\", realm", nonce="abc"/);
    expect(parseDigestChallenge(text)).to.deep.equal(challenge);
  });

  it('reads neither other schemes nor challenges without realm; a challenge without nonce has an empty one', () => {
    expect(parseDigestChallenge('Basic realm="x"')).to.equal(undefined);
    expect(parseDigestChallenge('Digest nonce="x"')).to.equal(undefined);
    expect(parseDigestChallenge('digest realm="test",stale=true')).to.deep.equal({
      realm: 'test',
      nonce: '',
      stale: true,
    });
    expect(parseDigestAuthorization('Digest username="u", realm="r", nonce="n", uri="sip:x"')).to.equal(undefined);
    expect(parseDigestAuthorization('Digestive username="u"')).to.equal(undefined);
  });

  describe('NonceIssuer', () => {
    it('accepts its own nonces until they expire, then calls them stale', () => {
      let now = 1_000_000;
      const issuer = new NonceIssuer(Buffer.from('secret'), 30_000, () => now);
      const nonce = issuer.issue();
      expect(issuer.issue()).to.not.equal(nonce);
      expect(issuer.check(nonce)).to.equal('valid');
      now += 30_000;
      expect(issuer.check(nonce)).to.equal('valid');
      now += 1;
      expect(issuer.check(nonce)).to.equal('stale');
    });

    it('refuses nonces signed under another secret, tampered with, or malformed', () => {
      const issuer = new NonceIssuer(Buffer.from('secret'), 30_000);
      const other = new NonceIssuer(Buffer.from('other'), 30_000);
      const nonce = issuer.issue();
      expect(other.check(nonce)).to.equal('invalid');
      const [payload, signature] = nonce.split('.');
      const bytes = Buffer.from(payload, 'base64url');
      bytes[0] ^= 1; // a later expiry, say
      expect(issuer.check(`${bytes.toString('base64url')}.${signature}`)).to.equal('invalid');
      for (const bad of [
        '',
        '.',
        'abc',
        `${payload}.`,
        `${payload}.${signature}x`,
        'dcd98b7102dd2f0e8b11d0f600bfb0c093',
      ]) {
        expect(issuer.check(bad), bad).to.equal('invalid');
      }
    });
  });
});
