import { expect } from 'chai';
import { generateKeyPairSync } from 'node:crypto';
import {
  createSelfSigned,
  describe as describeCert,
  describeKey,
  joinPem,
  keyMatchesCertificate,
  parseKeyFile,
  parsePem,
  parsePkcs12,
  MAX_ITERATIONS,
  requireMatchingKey,
  toPkcs12,
  validity,
  X509Error,
  type GeneratedIdentity,
} from '../src/index.js';

/** An EC P-256 certificate made with openssl (certificate only, no key), with every kind of name and usage the details read. */
const EC_CERTIFICATE = [
  '-----BEGIN CERTIFICATE-----',
  'MIICDzCCAbagAwIBAgIUHoP7v+mGViTljSclubeG8s9y09IwCgYIKoZIzj0EAwIw',
  'GjEYMBYGA1UEAwwPZWMuZXhhbXBsZS50ZXN0MB4XDTI2MTEyODA3MjYyNloXDTM2',
  'MTEyNTA3MjYyNlowGjEYMBYGA1UEAwwPZWMuZXhhbXBsZS50ZXN0MFkwEwYHKoZI',
  'zj0CAQYIKoZIzj0DAQcDQgAEYiOqvdzC65Bysd1zFAt/w1/gdZapcxUW7NPBBUF/',
  'bP5Oi3kwLFtauo6PNbZd+BRy0hUG8jzAEo1h6nknD0Xcq6OB2TCB1jAdBgNVHQ4E',
  'FgQUOlUSQ2d53lMr8dWceAkC++R1o5wwHwYDVR0jBBgwFoAUOlUSQ2d53lMr8dWc',
  'eAkC++R1o5wwWQYDVR0RBFIwUIIPZWMuZXhhbXBsZS50ZXN0hwTAAAIHhxAgAQ24',
  'AAAAAAAAAAAAAAABgRBvcHNAZXhhbXBsZS50ZXN0hhNzaXA6Z3dAZXhhbXBsZS50',
  'ZXN0MA4GA1UdDwEB/wQEAwIDiDAeBgNVHSUEFzAVBggrBgEFBQcDAQYJKwYBBAGG',
  'jR8BMAkGA1UdEwQCMAAwCgYIKoZIzj0EAwIDRwAwRAIgFCGGTMav/MM67w4n0yuQ',
  'OY2UcpegtlQhy/zW2wJPg58CIFrRMfH8wB/EM2i8JVUy153Fsd12T7ULQJ044JBV',
  'x3QP',
  '-----END CERTIFICATE-----',
].join('\n');

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).to.be.instanceOf(X509Error);
    return (error as X509Error).code;
  }
  throw new Error('expected an X509Error');
}

describe('x509', function () {
  this.timeout(30000);
  let ca: GeneratedIdentity;
  let leaf: GeneratedIdentity;
  let other: GeneratedIdentity;

  before(() => {
    ca = createSelfSigned({ commonName: 'Test CA' });
    leaf = createSelfSigned({ commonName: 'gw.example.test', issuer: ca });
    other = createSelfSigned({ commonName: 'other.example.test' });
  });

  it('describes a certificate: subject, issuer, serial, validity, fingerprint, self-signed, key', () => {
    const info = describeCert(leaf.certificate);
    expect(info.subject).to.equal('CN=gw.example.test');
    expect(info.issuer).to.equal('CN=Test CA');
    expect(info.serialNumber).to.match(/^[0-9A-F]+$/);
    expect(info.fingerprint256).to.match(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(info.selfSigned).to.equal(false);
    expect(info.keyAlgorithm).to.equal('rsa');
    expect(info.keyBits).to.equal(2048);
    expect(Date.parse(info.validTo)).to.be.greaterThan(Date.parse(info.validFrom));
    expect(describeCert(ca.certificate).selfSigned).to.equal(true);
    expect(info.pem).to.match(/^-----BEGIN CERTIFICATE-----\n[\s\S]+-----END CERTIFICATE-----\n$/);
  });

  it('reads version, signature algorithm, usages, alternative names and CA flag as openssl prints them', () => {
    const ec = describeCert(EC_CERTIFICATE);
    expect(ec).to.deep.include({
      version: 3,
      signatureAlgorithm: 'ecdsa-with-SHA256',
      keyAlgorithm: 'ec',
      keyBits: 256,
      certificateAuthority: false,
    });
    expect(ec.keyUsage).to.deep.equal(['digitalSignature', 'keyAgreement']);
    expect(ec.extendedKeyUsage).to.deep.equal(['serverAuth', '1.3.6.1.4.1.99999.1']);
    expect(ec.subjectAltNames).to.deep.equal([
      'DNS:ec.example.test',
      'IP Address:192.0.2.7',
      'IP Address:2001:DB8:0:0:0:0:0:1',
      'email:ops@example.test',
      'URI:sip:gw@example.test',
    ]);
    const authority = createSelfSigned({ commonName: 'Details CA', certificateAuthority: true });
    expect(describeCert(authority.certificate)).to.deep.include({
      version: 3,
      signatureAlgorithm: 'sha256WithRSAEncryption',
      certificateAuthority: true,
    });
    expect(describeCert(authority.certificate).keyUsage).to.deep.equal(['keyCertSign', 'cRLSign']);
    const server = createSelfSigned({
      commonName: 'gw.example.test',
      issuer: authority,
      dnsNames: ['gw.example.test'],
      ipAddresses: ['192.0.2.9'],
    });
    expect(describeCert(server.certificate)).to.deep.include({ certificateAuthority: false });
    expect(describeCert(server.certificate).extendedKeyUsage).to.deep.equal(['serverAuth', 'clientAuth']);
    expect(describeCert(server.certificate).subjectAltNames).to.deep.equal([
      'DNS:gw.example.test',
      'IP Address:192.0.2.9',
    ]);
    // no extensions at all: empty lists, never missing
    expect(describeCert(leaf.certificate)).to.deep.include({ certificateAuthority: false });
    expect([describeCert(leaf.certificate).keyUsage, describeCert(leaf.certificate).subjectAltNames]).to.deep.equal([
      [],
      [],
    ]);
  });

  it('reports validity without refusing expired or future certificates', () => {
    const expired = createSelfSigned({
      commonName: 'old',
      notBefore: new Date('2020-01-01T00:00:00Z'),
      notAfter: new Date('2021-01-01T00:00:00Z'),
    });
    const info = parsePem(expired.certificate).certificates[0]!;
    expect(validity(info, new Date('2022-01-01T00:00:00Z'))).to.equal('EXPIRED');
    expect(validity(info, new Date('2019-01-01T00:00:00Z'))).to.equal('NOT_YET_VALID');
    expect(validity(info, new Date('2020-06-01T00:00:00Z'))).to.equal('VALID');
  });

  it('reads PEM: certificates in order and one private key, as PKCS#8', () => {
    const material = parsePem(`${leaf.certificate}\n${ca.certificate}\n${leaf.privateKey}`);
    expect(material.certificates.map((c) => c.subject)).to.deep.equal(['CN=gw.example.test', 'CN=Test CA']);
    expect(material.privateKey).to.match(/^-----BEGIN PRIVATE KEY-----/);
    expect(keyMatchesCertificate(material.privateKey!, material.certificates[0]!.pem)).to.equal(true);
    expect(joinPem(material.certificates)).to.contain('-----END CERTIFICATE-----\n-----BEGIN CERTIFICATE-----');
  });

  it('reads a PKCS#1 RSA key and an EC key, and an encrypted key with its password only', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
    expect(parsePem(String(rsa.export({ format: 'pem', type: 'pkcs1' }))).privateKey).to.match(/BEGIN PRIVATE KEY/);
    const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    expect(describeKey(String(ec.export({ format: 'pem', type: 'pkcs8' })))).to.deep.equal({
      keyAlgorithm: 'ec',
      curve: 'prime256v1',
      keyBits: 256,
    });
    expect(describeKey(String(rsa.export({ format: 'pem', type: 'pkcs8' })))).to.deep.equal({
      keyAlgorithm: 'rsa',
      keyBits: 1024,
    });
    expect(parsePem(String(ec.export({ format: 'pem', type: 'sec1' }))).privateKey).to.match(/BEGIN PRIVATE KEY/);
    const encrypted = String(
      rsa.export({ format: 'pem', type: 'pkcs8', cipher: 'aes-256-cbc', passphrase: 'open sesame' }),
    );
    expect(parsePem(encrypted, 'open sesame').privateKey).to.match(/BEGIN PRIVATE KEY/);
    expect(code(() => parsePem(encrypted))).to.equal('PASSWORD_REQUIRED');
    expect(code(() => parsePem(encrypted, 'wrong'))).to.equal('WRONG_PASSWORD');
  });

  it('refuses garbage, other PEM blocks, broken blocks and two keys', () => {
    expect(code(() => parsePem('hello'))).to.equal('NOT_PEM');
    expect(code(() => parsePem(''))).to.equal('NOT_PEM');
    expect(code(() => parsePem('-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n'))).to.equal('NOT_PEM');
    expect(code(() => parsePem('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n'))).to.equal(
      'BAD_CERTIFICATE',
    );
    expect(code(() => parsePem('-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n'))).to.equal(
      'BAD_PRIVATE_KEY',
    );
    expect(code(() => parsePem(`${leaf.privateKey}${other.privateKey}`))).to.equal('SEVERAL_KEYS');
    expect(code(() => parsePem(`garbage before\n\n${leaf.certificate} trailing junk`))).to.equal('NOT_PEM');
  });

  it('tells whether a key belongs to a certificate', () => {
    expect(keyMatchesCertificate(leaf.privateKey, leaf.certificate)).to.equal(true);
    expect(keyMatchesCertificate(other.privateKey, leaf.certificate)).to.equal(false);
    expect(keyMatchesCertificate('junk', leaf.certificate)).to.equal(false);
    expect(() => requireMatchingKey(leaf.privateKey, leaf.certificate)).to.not.throw();
    expect(code(() => requireMatchingKey(other.privateKey, leaf.certificate))).to.equal('KEY_MISMATCH');
  });

  it('opens PKCS#12 with the right password, key certificate first, and refuses a wrong one', () => {
    const p12 = toPkcs12([ca.certificate, leaf.certificate], leaf.privateKey, 'p12-secret');
    const material = parsePkcs12(p12, 'p12-secret');
    expect(material.certificates.map((c) => c.subject)).to.deep.equal(['CN=gw.example.test', 'CN=Test CA']);
    expect(keyMatchesCertificate(material.privateKey!, material.certificates[0]!.pem)).to.equal(true);
    expect(code(() => parsePkcs12(p12, 'not-it'))).to.equal('WRONG_PASSWORD');
    expect(code(() => parsePkcs12(Buffer.from([0, 1, 2, 3, 255]), 'x'))).to.equal('NOT_PKCS12');
    expect(code(() => parsePkcs12(Buffer.from('\x30\x03\x02\x01\x05', 'binary'), 'x'))).to.equal('NOT_PKCS12');
  });

  it('refuses PKCS#12 files asking for too costly a key derivation, and still reads encrypted PEM keys', () => {
    const costly = toPkcs12([leaf.certificate], leaf.privateKey, 'pw', { count: MAX_ITERATIONS + 1 });
    expect(code(() => parsePkcs12(costly, 'pw'))).to.equal('TOO_COSTLY');
    const fine = toPkcs12([leaf.certificate], leaf.privateKey, 'pw', { count: 10_000 });
    expect(parsePkcs12(fine, 'pw').certificates).to.have.length(1);
    const key = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
    const encrypted = String(key.export({ format: 'pem', type: 'pkcs8', cipher: 'aes-128-cbc', passphrase: 'pw' }));
    expect(parsePem(encrypted, 'pw').privateKey).to.be.a('string');
  });

  it('reads an uploaded file as PEM, DER certificate or PKCS#12', () => {
    expect(parseKeyFile(Buffer.from(leaf.certificate + leaf.privateKey)).privateKey).to.be.a('string');
    const der = Buffer.from(leaf.certificate.replace(/-----[^-]+-----/g, '').replace(/\s/g, ''), 'base64');
    expect(parseKeyFile(der).certificates[0]!.subject).to.equal('CN=gw.example.test');
    expect(parseKeyFile(toPkcs12([leaf.certificate], leaf.privateKey, 'pw'), 'pw').certificates).to.have.length(1);
    expect(code(() => parseKeyFile(toPkcs12([leaf.certificate], leaf.privateKey, 'pw'), 'nope'))).to.equal(
      'WRONG_PASSWORD',
    );
    expect(code(() => parseKeyFile(Buffer.from('just some text')))).to.equal('NOT_PKCS12');
  });
});
