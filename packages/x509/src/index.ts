import { createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import type forge from 'node-forge';
import { certificateDetails } from './certificateDetails.js';
import { forgeLib } from './forgeLib.js';

/**
 * X.509 certificates and private keys as a gateway takes them: PEM text (certificates, a private key — plain or
 * encrypted) or a PKCS#12 file (.p12/.pfx). Everything is checked with Node's crypto (X509Certificate,
 * createPrivateKey); node-forge only opens PKCS#12 containers, which Node cannot read. Keys come out as
 * unencrypted PKCS#8 PEM, certificates as PEM, so callers store one canonical text.
 */

/** Why a file or text was refused. */
export type X509ErrorCode =
  | 'NOT_PEM' // no PEM block, or a block that is not a certificate or private key
  | 'BAD_CERTIFICATE' // a CERTIFICATE block that does not parse
  | 'BAD_PRIVATE_KEY' // a key block that does not parse
  | 'PASSWORD_REQUIRED' // an encrypted key or a PKCS#12 file needs a password
  | 'WRONG_PASSWORD'
  | 'NOT_PKCS12' // bytes that are no PKCS#12 container
  | 'SEVERAL_KEYS' // more than one private key
  | 'TOO_COSTLY' // a key derivation asking for more than MAX_ITERATIONS rounds
  | 'KEY_MISMATCH'; // the key does not belong to the (first) certificate

export class X509Error extends Error {
  constructor(
    readonly code: X509ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'X509Error';
  }
}

/** What a certificate says, as text (dates in ISO 8601, UTC). */
export interface CertificateInfo {
  /** The certificate as PEM (one block). */
  readonly pem: string;
  /** Distinguished names, one `key=value` per line as Node renders them. */
  readonly subject: string;
  readonly issuer: string;
  /** Upper-case hexadecimal. */
  readonly serialNumber: string;
  readonly validFrom: string;
  readonly validTo: string;
  /** SHA-256 fingerprint, colon-separated upper-case hex pairs. */
  readonly fingerprint256: string;
  /** Issued by itself and verified with its own public key. */
  readonly selfSigned: boolean;
  /** Key algorithm of the certificate's public key: `rsa`, `ec`, `ed25519`, … */
  readonly keyAlgorithm: string;
  /** Key size in bits (RSA modulus; EC curve size), when known. */
  readonly keyBits?: number;
  /** The EC curve name (`prime256v1`, `secp384r1`), for EC keys. */
  readonly curve?: string;
  /** Whether its basic constraints make it a certificate authority. */
  readonly certificateAuthority: boolean;
  /** Its version, signature algorithm, key usages and subject alternative names (certificateDetails.ts). */
  readonly version: number;
  readonly signatureAlgorithm: string;
  readonly keyUsage: readonly string[];
  readonly extendedKeyUsage: readonly string[];
  readonly subjectAltNames: readonly string[];
}

/** The content of a PEM text or PKCS#12 file: certificates in file order (leaf first by convention) and at most one key. */
export interface KeyMaterial {
  readonly certificates: readonly CertificateInfo[];
  /** Unencrypted PKCS#8 PEM. */
  readonly privateKey?: string;
}

export type Validity = 'VALID' | 'EXPIRED' | 'NOT_YET_VALID';

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----\r?\n([\s\S]*?)-----END \1-----/g;
const KEY_LABELS = new Set(['PRIVATE KEY', 'RSA PRIVATE KEY', 'EC PRIVATE KEY', 'ENCRYPTED PRIVATE KEY']);

/** Describes a certificate (PEM text of one certificate, DER bytes, or a parsed X509Certificate). */
export function describe(certificate: X509Certificate | string | Buffer): CertificateInfo {
  const cert = certificate instanceof X509Certificate ? certificate : parseCertificate(certificate);
  const key = cert.publicKey;
  const details = key.asymmetricKeyDetails ?? {};
  const bits = keyBitsOf(key.asymmetricKeyType, details);
  const info: CertificateInfo = {
    pem: cert.toString().trim() + '\n',
    subject: cert.subject,
    issuer: cert.issuer,
    serialNumber: cert.serialNumber.toUpperCase(),
    validFrom: new Date(cert.validFrom).toISOString(),
    validTo: new Date(cert.validTo).toISOString(),
    fingerprint256: cert.fingerprint256,
    selfSigned: isSelfSigned(cert),
    keyAlgorithm: key.asymmetricKeyType ?? 'unknown',
    ...(bits !== undefined ? { keyBits: bits } : {}),
    ...(details.namedCurve !== undefined ? { curve: details.namedCurve } : {}),
    certificateAuthority: cert.ca,
    ...certificateDetails(cert.raw),
  };
  return info;
}

/** Whether a described certificate is valid at `now`; expired certificates are reported, never refused here. */
export function validity(info: Pick<CertificateInfo, 'validFrom' | 'validTo'>, now: Date = new Date()): Validity {
  if (now.getTime() < Date.parse(info.validFrom)) return 'NOT_YET_VALID';
  if (now.getTime() > Date.parse(info.validTo)) return 'EXPIRED';
  return 'VALID';
}

/**
 * Reads PEM text: every CERTIFICATE block (in order) and at most one private key block (PKCS#8, PKCS#1 RSA,
 * SEC1 EC, or encrypted PKCS#8 with `password`). Refuses text without blocks, text outside blocks that is not
 * whitespace, blocks of other kinds, and blocks that do not parse. Does not check the key against a certificate
 * (see `requireMatchingKey`).
 */
export function parsePem(text: string, password?: string): KeyMaterial {
  const certificates: CertificateInfo[] = [];
  const keys: string[] = [];
  let consumed = 0;
  PEM_BLOCK.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = PEM_BLOCK.exec(text)) !== null) {
    if (!isWhitespaceOrHeader(text.slice(consumed, match.index)))
      throw new X509Error('NOT_PEM', 'the text holds something besides PEM blocks');
    consumed = match.index + match[0].length;
    const label = match[1]!;
    if (label === 'CERTIFICATE' || label === 'X509 CERTIFICATE' || label === 'TRUSTED CERTIFICATE') {
      certificates.push(describe(parseCertificate(match[0])));
    } else if (KEY_LABELS.has(label)) {
      keys.push(
        readPrivateKey(
          match[0],
          label === 'ENCRYPTED PRIVATE KEY' || /Proc-Type: 4,ENCRYPTED/.test(match[2]!),
          password,
        ),
      );
    } else {
      throw new X509Error('NOT_PEM', `a PEM block labelled ${label} is neither a certificate nor a private key`);
    }
  }
  if (!isWhitespaceOrHeader(text.slice(consumed)))
    throw new X509Error('NOT_PEM', 'the text holds something besides PEM blocks');
  if (certificates.length === 0 && keys.length === 0)
    throw new X509Error('NOT_PEM', 'the text holds no PEM certificate or private key');
  if (keys.length > 1) throw new X509Error('SEVERAL_KEYS', `the text holds ${keys.length} private keys; give one`);
  return keys.length === 1 ? { certificates, privateKey: keys[0] } : { certificates };
}

/**
 * Opens a PKCS#12 file (.p12/.pfx) with its password: its certificates (the one belonging to the key first,
 * then the others in file order) and its private key (at most one). A wrong password is WRONG_PASSWORD (the
 * file's MAC or key decryption fails); bytes that are no PKCS#12 container are NOT_PKCS12.
 */
export function parsePkcs12(content: Buffer, password: string): KeyMaterial {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forgeLib().asn1.fromDer(forgeLib().util.createBuffer(content.toString('binary')));
  } catch {
    throw new X509Error('NOT_PKCS12', 'the file is neither PEM text nor a PKCS#12 (.p12/.pfx) file');
  }
  checkIterations(asn1, 0);
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forgeLib().pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/password|MAC could not be verified|decrypt/i.test(message)) {
      throw new X509Error('WRONG_PASSWORD', 'the PKCS#12 file cannot be opened with this password');
    }
    throw new X509Error('NOT_PKCS12', 'the file is neither PEM text nor a PKCS#12 (.p12/.pfx) file');
  }
  const keys: string[] = [];
  const certificates: CertificateInfo[] = [];
  for (const safeContents of p12.safeContents) {
    for (const bag of safeContents.safeBags) {
      if (bag.type === forgeLib().pki.oids['pkcs8ShroudedKeyBag'] || bag.type === forgeLib().pki.oids['keyBag']) {
        const info = bag.key ? forgeLib().pki.wrapRsaPrivateKey(forgeLib().pki.privateKeyToAsn1(bag.key)) : bag.asn1;
        if (!info) throw new X509Error('BAD_PRIVATE_KEY', 'the PKCS#12 file holds a private key that cannot be read');
        const der = Buffer.from(forgeLib().asn1.toDer(info).getBytes(), 'binary');
        keys.push(exportKey(keyFromDer(der)));
      } else if (bag.type === forgeLib().pki.oids['certBag']) {
        const certAsn1 = bag.cert ? forgeLib().pki.certificateToAsn1(bag.cert) : bag.asn1;
        if (!certAsn1) continue;
        certificates.push(describe(Buffer.from(forgeLib().asn1.toDer(certAsn1).getBytes(), 'binary')));
      }
    }
  }
  if (certificates.length === 0 && keys.length === 0)
    throw new X509Error('NOT_PKCS12', 'the PKCS#12 file holds no certificate and no private key');
  if (keys.length > 1)
    throw new X509Error('SEVERAL_KEYS', `the PKCS#12 file holds ${keys.length} private keys; give one`);
  if (keys.length === 0) return { certificates };
  const key = keys[0]!;
  const leaf = certificates.findIndex((c) => keyMatchesCertificate(key, c.pem));
  const ordered = leaf > 0 ? [certificates[leaf]!, ...certificates.filter((_, i) => i !== leaf)] : certificates;
  return { certificates: ordered, privateKey: key };
}

/**
 * A certificate file as uploaded: PEM text, else a PKCS#12 container, else a single DER certificate. The
 * password opens an encrypted PEM key or the PKCS#12 file (empty when absent).
 */
export function parseKeyFile(content: Buffer, password?: string): KeyMaterial {
  const text = content.toString('latin1');
  if (text.includes('-----BEGIN ')) return parsePem(content.toString('utf8'), password);
  try {
    return { certificates: [describe(new X509Certificate(content))] };
  } catch {
    // not a DER certificate: try PKCS#12
  }
  return parsePkcs12(content, password ?? '');
}

/** Whether the private key (PEM) is the key of the certificate (PEM). Unreadable input is simply no match. */
export function keyMatchesCertificate(privateKeyPem: string, certificatePem: string): boolean {
  try {
    return parseCertificate(certificatePem).checkPrivateKey(createPrivateKey(privateKeyPem));
  } catch {
    return false;
  }
}

/** Refuses (KEY_MISMATCH) a key that does not belong to the certificate. */
export function requireMatchingKey(privateKeyPem: string, certificatePem: string): void {
  if (!keyMatchesCertificate(privateKeyPem, certificatePem)) {
    throw new X509Error('KEY_MISMATCH', 'the private key does not belong to the certificate');
  }
}

/** The PEM text of several certificates, in order. */
export function joinPem(certificates: readonly Pick<CertificateInfo, 'pem'>[]): string {
  return certificates.map((c) => c.pem.trim() + '\n').join('');
}

function parseCertificate(input: string | Buffer): X509Certificate {
  try {
    return new X509Certificate(input);
  } catch {
    throw new X509Error('BAD_CERTIFICATE', 'a certificate cannot be read (not a valid X.509 certificate)');
  }
}

function readPrivateKey(pem: string, encrypted: boolean, password: string | undefined): string {
  if (encrypted && (password === undefined || password === '')) {
    throw new X509Error('PASSWORD_REQUIRED', 'the private key is encrypted: give its password');
  }
  if (encrypted && pem.includes('BEGIN ENCRYPTED PRIVATE KEY')) {
    const body = pem.replace(/-----[^-]+-----/g, '').replace(/\s/g, '');
    let asn1: forge.asn1.Asn1 | undefined;
    try {
      asn1 = forgeLib().asn1.fromDer(forgeLib().util.decode64(body), true);
    } catch {
      throw new X509Error('BAD_PRIVATE_KEY', 'the private key cannot be read');
    }
    checkIterations(asn1, 0);
  }
  try {
    return exportKey(
      createPrivateKey(encrypted ? { key: pem, format: 'pem', passphrase: password } : { key: pem, format: 'pem' }),
    );
  } catch {
    if (encrypted)
      throw new X509Error('WRONG_PASSWORD', 'the encrypted private key cannot be opened with this password');
    throw new X509Error('BAD_PRIVATE_KEY', 'the private key cannot be read');
  }
}

/**
 * The most rounds a key derivation of a file may ask for (PKCS#12 MAC and PBE, PBKDF2, scrypt cost): common
 * tools use 2,048 to 100,000; a hostile file asking for billions would hold the process for minutes.
 */
export const MAX_ITERATIONS = 200_000;

/**
 * Refuses (TOO_COSTLY) a DER structure holding a key-derivation parameter set whose round count exceeds
 * MAX_ITERATIONS: every `SEQUENCE { …, salt OCTET STRING, count INTEGER, … }` (PKCS#12 MacData and PBE params,
 * PBKDF2 and scrypt params), looking inside OCTET STRINGs that hold DER (PKCS#12 safe contents) too.
 */
function checkIterations(node: forge.asn1.Asn1, depth: number): void {
  if (depth > 40) return;
  const { Class, Type } = forgeLib().asn1;
  if (Array.isArray(node.value)) {
    const children = node.value as forge.asn1.Asn1[];
    children.forEach((child, index) => {
      const before = children[index - 1];
      if (
        before &&
        child.tagClass === Class.UNIVERSAL &&
        child.type === Type.INTEGER &&
        typeof child.value === 'string' &&
        before.tagClass === Class.UNIVERSAL &&
        before.type === Type.OCTETSTRING
      ) {
        const digits = child.value.replace(/^\x00+/, '');
        let count = 0;
        for (const ch of digits) count = count * 256 + ch.charCodeAt(0);
        if (digits.length > 4 || count > MAX_ITERATIONS) {
          throw new X509Error('TOO_COSTLY', `the file asks for a key derivation of more than ${MAX_ITERATIONS} rounds`);
        }
      }
      checkIterations(child, depth + 1);
    });
  } else if (
    node.tagClass === Class.UNIVERSAL &&
    node.type === Type.OCTETSTRING &&
    typeof node.value === 'string' &&
    node.value.length > 2 &&
    node.value.charCodeAt(0) === 0x30
  ) {
    let inner: forge.asn1.Asn1 | undefined;
    try {
      inner = forgeLib().asn1.fromDer(node.value, true);
    } catch {
      inner = undefined; // an OCTET STRING of plain bytes
    }
    if (inner) checkIterations(inner, depth + 1);
  }
}

function keyFromDer(der: Buffer): KeyObject {
  try {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    throw new X509Error('BAD_PRIVATE_KEY', 'the private key cannot be read');
  }
}

function exportKey(key: KeyObject): string {
  return String(key.export({ format: 'pem', type: 'pkcs8' }));
}

function isSelfSigned(cert: X509Certificate): boolean {
  if (cert.subject !== cert.issuer) return false;
  try {
    return cert.verify(cert.publicKey);
  } catch {
    return false;
  }
}

/** Key size in bits: an RSA or DSA modulus, an EC curve's size, the Edwards curves' sizes; undefined when unknown. */
function keyBitsOf(
  type: string | undefined,
  details: { modulusLength?: number; namedCurve?: string },
): number | undefined {
  if (details.modulusLength !== undefined) return details.modulusLength;
  if (details.namedCurve !== undefined)
    return ({ prime256v1: 256, secp384r1: 384, secp521r1: 521, secp256k1: 256 } as Record<string, number>)[
      details.namedCurve
    ];
  return ({ ed25519: 256, x25519: 256, ed448: 456, x448: 448 } as Record<string, number>)[type ?? ''];
}

/** PEM files may carry text between blocks ("Bag Attributes", "subject=…" lines from openssl): allowed only as `key: value` lines. */
function isWhitespaceOrHeader(text: string): boolean {
  return text.split(/\r?\n/).every((line) => line.trim() === '' || /^\s*[A-Za-z][\w .-]*[:=]/.test(line));
}

/** What a private key (PEM) is: algorithm, size in bits, EC curve. */
export interface KeyInfo {
  readonly keyAlgorithm: string;
  readonly keyBits?: number;
  readonly curve?: string;
}

export function describeKey(privateKeyPem: string): KeyInfo {
  let key: KeyObject;
  try {
    key = createPrivateKey(privateKeyPem);
  } catch {
    throw new X509Error('BAD_PRIVATE_KEY', 'the private key cannot be read');
  }
  const details = key.asymmetricKeyDetails ?? {};
  const bits = keyBitsOf(key.asymmetricKeyType, details);
  return {
    keyAlgorithm: key.asymmetricKeyType ?? 'unknown',
    ...(bits !== undefined ? { keyBits: bits } : {}),
    ...(details.namedCurve !== undefined ? { curve: details.namedCurve } : {}),
  };
}

/** The public key (SPKI PEM) of a certificate or private key, for comparisons. */
export function publicKeyOf(pem: string): string {
  const key = pem.includes('CERTIFICATE') ? parseCertificate(pem).publicKey : createPublicKey(pem);
  return String(key.export({ format: 'pem', type: 'spki' }));
}

export { certificateDetails, type CertificateDetails } from './certificateDetails.js';
export { createSelfSigned, toPkcs12, type GeneratedIdentity, type SelfSignedOptions } from './generate.js';
