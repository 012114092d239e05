import type forge from 'node-forge';
import { forgeLib } from './forgeLib.js';

/** What a certificate's DER says beyond Node's X509Certificate: its version, signature algorithm and extensions. */
export interface CertificateDetails {
  /** The X.509 version: 1, 2 or 3. */
  readonly version: number;
  /** OpenSSL's long name of the signature algorithm (`sha256WithRSAEncryption`, `ecdsa-with-SHA256`), else its OID. */
  readonly signatureAlgorithm: string;
  /** The key usage bits that are set, by their RFC 5280 names (`digitalSignature`, `keyCertSign`); none without the extension. */
  readonly keyUsage: readonly string[];
  /** The extended key usages by name (`serverAuth`, `clientAuth`), unknown ones as their OID. */
  readonly extendedKeyUsage: readonly string[];
  /** The subject alternative names as OpenSSL prints them: `DNS:host`, `IP Address:192.0.2.1`, `email:…`, `URI:…`. */
  readonly subjectAltNames: readonly string[];
}

const SIGNATURE_ALGORITHMS: Readonly<Record<string, string>> = {
  '1.2.840.113549.1.1.4': 'md5WithRSAEncryption',
  '1.2.840.113549.1.1.5': 'sha1WithRSAEncryption',
  '1.2.840.113549.1.1.10': 'rsassaPss',
  '1.2.840.113549.1.1.11': 'sha256WithRSAEncryption',
  '1.2.840.113549.1.1.12': 'sha384WithRSAEncryption',
  '1.2.840.113549.1.1.13': 'sha512WithRSAEncryption',
  '1.2.840.10045.4.1': 'ecdsa-with-SHA1',
  '1.2.840.10045.4.3.2': 'ecdsa-with-SHA256',
  '1.2.840.10045.4.3.3': 'ecdsa-with-SHA384',
  '1.2.840.10045.4.3.4': 'ecdsa-with-SHA512',
  '1.3.101.112': 'ED25519',
  '1.3.101.113': 'ED448',
};

const KEY_USAGE_BITS = [
  'digitalSignature',
  'nonRepudiation',
  'keyEncipherment',
  'dataEncipherment',
  'keyAgreement',
  'keyCertSign',
  'cRLSign',
  'encipherOnly',
  'decipherOnly',
] as const;

const EXTENDED_KEY_USAGES: Readonly<Record<string, string>> = {
  '2.5.29.37.0': 'anyExtendedKeyUsage',
  '1.3.6.1.5.5.7.3.1': 'serverAuth',
  '1.3.6.1.5.5.7.3.2': 'clientAuth',
  '1.3.6.1.5.5.7.3.3': 'codeSigning',
  '1.3.6.1.5.5.7.3.4': 'emailProtection',
  '1.3.6.1.5.5.7.3.8': 'timeStamping',
  '1.3.6.1.5.5.7.3.9': 'OCSPSigning',
};

const KEY_USAGE = '2.5.29.15';
const SUBJECT_ALT_NAME = '2.5.29.17';
const EXTENDED_KEY_USAGE = '2.5.29.37';

type Asn1 = forge.asn1.Asn1;

function children(node: Asn1 | undefined): Asn1[] {
  return node && Array.isArray(node.value) ? (node.value as Asn1[]) : [];
}

function bytes(node: Asn1 | undefined): string {
  return node && typeof node.value === 'string' ? node.value : '';
}

function oid(node: Asn1 | undefined): string {
  return forgeLib().asn1.derToOid(bytes(node));
}

/** forge reads DER with options its typings do not list: bit strings stay bytes (a key usage is no nested DER). */
type FromDer = (der: string, options: { strict: boolean; decodeBitStrings: boolean }) => Asn1;

function fromDer(der: string): Asn1 {
  return (forgeLib().asn1.fromDer as unknown as FromDer)(der, { strict: true, decodeBitStrings: false });
}

/** The set bits of a DER BIT STRING's content (first byte: unused bits), by their names. */
function keyUsageOf(der: string): string[] {
  const content = bytes(fromDer(der)).slice(1);
  return KEY_USAGE_BITS.filter((_, bit) => {
    const byte = content.charCodeAt(bit >> 3);
    return !Number.isNaN(byte) && (byte & (0x80 >> (bit & 7))) !== 0;
  });
}

function extendedKeyUsageOf(der: string): string[] {
  return children(fromDer(der)).map((purpose) => {
    const id = oid(purpose);
    return EXTENDED_KEY_USAGES[id] ?? id;
  });
}

function ipAddressOf(raw: string): string {
  const octets = [...raw].map((c) => c.charCodeAt(0));
  if (octets.length === 4) return octets.join('.');
  const groups: string[] = [];
  for (let i = 0; i + 1 < octets.length; i += 2)
    groups.push(((octets[i]! << 8) | octets[i + 1]!).toString(16).toUpperCase());
  return groups.join(':');
}

/** GeneralNames (RFC 5280 4.2.1.6) as OpenSSL prints them; kinds without a text form print their kind alone. */
function subjectAltNamesOf(der: string): string[] {
  return children(fromDer(der)).map((name) => {
    const text = bytes(name);
    switch (name.type) {
      case 1:
        return `email:${text}`;
      case 2:
        return `DNS:${text}`;
      case 6:
        return `URI:${text}`;
      case 7:
        return `IP Address:${ipAddressOf(text)}`;
      case 0:
        return 'othername:<unsupported>';
      case 4:
        return 'DirName:<unsupported>';
      default:
        return `Registered ID:<unsupported>`;
    }
  });
}

/**
 * Reads the version, signature algorithm and the key usage, extended key usage and subject alternative name
 * extensions of a DER certificate (one Node has already read, so the structure is sound). An extension that
 * does not parse counts as absent.
 */
export function certificateDetails(der: Buffer): CertificateDetails {
  const certificate = children(fromDer(der.toString('binary')));
  const tbs = children(certificate[0]);
  const versionNode = tbs[0]?.tagClass === forgeLib().asn1.Class.CONTEXT_SPECIFIC ? tbs[0] : undefined;
  const versionValue = bytes(children(versionNode)[0]);
  const version = versionValue.length === 1 ? versionValue.charCodeAt(0) + 1 : 1;
  const algorithm = oid(children(certificate[1])[0]);
  const extensionsNode = tbs.find((n) => n.tagClass === forgeLib().asn1.Class.CONTEXT_SPECIFIC && n.type === 3);
  const read = <T>(id: string, parse: (der: string) => T[]): T[] => {
    const extension = children(children(extensionsNode)[0]).find((e) => oid(children(e)[0]) === id);
    const value = children(extension).at(-1);
    try {
      return value ? parse(bytes(value)) : [];
    } catch {
      return [];
    }
  };
  return {
    version,
    signatureAlgorithm: SIGNATURE_ALGORITHMS[algorithm] ?? algorithm,
    keyUsage: read(KEY_USAGE, keyUsageOf),
    extendedKeyUsage: read(EXTENDED_KEY_USAGE, extendedKeyUsageOf),
    subjectAltNames: read(SUBJECT_ALT_NAME, subjectAltNamesOf),
  };
}
