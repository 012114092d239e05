import { expect } from 'chai';
import { hashSecret, verifySecret, parseParameters, needsRehash, constantTimeEquals } from '../src/index.js';

const FAST = { logN: 10, r: 8, p: 1 };

describe('secret-hash', () => {
  it('verifies the secret it hashed and refuses any other', async () => {
    const encoded = await hashSecret('s3cret!', FAST);
    expect(await verifySecret('s3cret!', encoded)).to.equal(true);
    expect(await verifySecret('s3cret?', encoded)).to.equal(false);
    expect(await verifySecret('', encoded)).to.equal(false);
  });

  it('salts every hash, so equal secrets give different strings', async () => {
    const a = await hashSecret('same', FAST);
    const b = await hashSecret('same', FAST);
    expect(a).to.not.equal(b);
    expect(a).to.not.contain('same');
  });

  it('records its parameters in the hash and reads them back', async () => {
    const encoded = await hashSecret('x', FAST);
    expect(encoded.startsWith('scrypt$ln=10,r=8,p=1$')).to.equal(true);
    expect(parseParameters(encoded)).to.deep.equal(FAST);
    expect(needsRehash(encoded)).to.equal(true);
    expect(needsRehash(encoded, FAST)).to.equal(false);
  });

  it('treats malformed hashes as a failed verification, not an exception', async () => {
    for (const bad of [
      '',
      'plain',
      'scrypt$ln=99,r=8,p=1$AAAA$BBBB',
      'scrypt$ln=10,r=8,p=1$AAAA$short',
      'bcrypt$x$y$z',
    ]) {
      expect(await verifySecret('x', bad), bad).to.equal(false);
    }
  });

  it('refuses out-of-range parameters when hashing', async () => {
    let error: unknown;
    try {
      await hashSecret('x', { logN: 40, r: 8, p: 1 });
    } catch (e) {
      error = e;
    }
    expect(error).to.be.instanceOf(RangeError);
  });

  it('compares strings by value in constant time', () => {
    expect(constantTimeEquals('abc', 'abc')).to.equal(true);
    expect(constantTimeEquals('abc', 'abd')).to.equal(false);
    expect(constantTimeEquals('abc', 'abcd')).to.equal(false);
  });
});
