import { generateKeyPairSync } from 'node:crypto';
import { expect } from 'chai';
import {
  LicenseFileError,
  canonicalJson,
  labPrivateKey,
  labPublicKey,
  parseLicenseFile,
  signLicenseFile,
  verifyLicenseSignature,
  type LicenseDocument,
} from '../src/index.js';

const license: LicenseDocument = {
  identifier: 'c1b436f1-0d7e-4a57-9f55-2f3c1a5b6d70',
  name: '4 lines lab license',
  products: ['gwsim'],
  application: 'gateway',
  requiredSystemIds: [],
  validFrom: '2026-01-01T00:00:00Z',
  validUntil: '2026-12-31T23:59:59Z',
  facilities: [
    { name: 'telrtSession', value: 4 },
    { name: 'recSession', value: 2 },
  ],
  constraints: ['telrtDemo'],
  invalidates: [],
};

function problemOf(content: Buffer): string {
  try {
    parseLicenseFile(content);
  } catch (error) {
    expect(error).to.be.instanceOf(LicenseFileError);
    return (error as Error).message;
  }
  throw new Error('the file was accepted');
}

describe('license file (.xzlicense)', () => {
  it('signs with the lab key and reads back the same license with a signature the lab public key verifies', () => {
    const file = signLicenseFile(license, labPrivateKey());
    const parsed = parseLicenseFile(file);
    expect(parsed.license).to.deep.equal(license);
    expect(verifyLicenseSignature(parsed.license, parsed.signature, labPublicKey())).to.equal(true);
    expect(JSON.parse(file.toString()).format).to.equal('gwsim-license');
  });

  it('signs and reads a license without validUntil (one that does not expire), and refuses an end before the start', () => {
    const { validUntil: _end, ...forever } = license;
    const parsed = parseLicenseFile(signLicenseFile(forever, labPrivateKey()));
    expect(parsed.license).to.deep.equal(forever);
    expect(parsed.license).to.not.have.property('validUntil');
    expect(verifyLicenseSignature(parsed.license, parsed.signature, labPublicKey())).to.equal(true);
    expect(() => signLicenseFile({ ...license, validUntil: '2025-01-01T00:00:00Z' }, labPrivateKey())).to.throw(
      LicenseFileError,
      /license\.validUntil: must not be before validFrom/,
    );
  });

  it('serialises canonically: key order and white space do not matter, values do', () => {
    expect(canonicalJson({ b: [1, { d: 'x', c: true }], a: null })).to.equal('{"a":null,"b":[1,{"c":true,"d":"x"}]}');
    const file = JSON.parse(signLicenseFile(license, labPrivateKey()).toString());
    const reordered = Buffer.from(
      JSON.stringify({
        signature: file.signature,
        license: { ...file.license },
        formatVersion: 1,
        format: 'gwsim-license',
      }),
    );
    const parsed = parseLicenseFile(reordered);
    expect(verifyLicenseSignature(parsed.license, parsed.signature, labPublicKey())).to.equal(true);
  });

  it('parses but does not verify a file with a flipped byte in a value, or signed by another key', () => {
    const file = signLicenseFile(license, labPrivateKey());
    const at = file.indexOf('4 lines');
    file[at] = file[at]! ^ 0x01;
    const tampered = parseLicenseFile(file);
    expect(tampered.license.name).to.equal('5 lines lab license');
    expect(verifyLicenseSignature(tampered.license, tampered.signature, labPublicKey())).to.equal(false);
    const other = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const foreign = parseLicenseFile(signLicenseFile(license, other));
    expect(verifyLicenseSignature(foreign.license, foreign.signature, labPublicKey())).to.equal(false);
  });

  it('refuses garbage, other formats and versions, and invalid fields, naming them', () => {
    expect(problemOf(Buffer.alloc(0))).to.match(/empty/);
    expect(problemOf(Buffer.from([0xff, 0xfe, 0x00]))).to.match(/UTF-8/);
    expect(problemOf(Buffer.from('not json'))).to.match(/not JSON/);
    expect(problemOf(Buffer.from('{"format":"gwsim-config","formatVersion":1}'))).to.match(
      /format must be 'gwsim-license'/,
    );
    expect(problemOf(Buffer.from('{"format":"gwsim-license","formatVersion":2}'))).to.match(
      /version 2 is not supported/,
    );
    const file = JSON.parse(signLicenseFile(license, labPrivateKey()).toString());
    const bad = {
      ...file,
      license: { ...file.license, validFrom: 'yesterday', facilities: [{ name: 'telrtSession', value: -1 }], extra: 1 },
    };
    const message = problemOf(Buffer.from(JSON.stringify(bad)));
    expect(message)
      .to.contain('license.validFrom')
      .and.contain('license.facilities[0].value')
      .and.contain('license.extra');
    expect(problemOf(Buffer.from(JSON.stringify({ ...file, signature: { algorithm: 'RSA', value: 'x' } })))).to.contain(
      'signature',
    );
  });

  it('refuses to sign an invalid license or with a key that is not Ed25519', () => {
    expect(() => signLicenseFile({ ...license, validUntil: '2025-01-01T00:00:00Z' }, labPrivateKey())).to.throw(
      LicenseFileError,
      /validUntil/,
    );
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    expect(() => signLicenseFile(license, rsa)).to.throw(/Ed25519/);
  });
});
