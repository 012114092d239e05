import { Type } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsString, Min, ValidateIf, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import type { CertificateInfo, KeyInfo } from '@gwsim/x509';
import { Nullable } from '../../../../../shared/interface/http/fieldShapes.js';
import type { WireDates } from '../../../../../shared/interface/http/WireDates.js';
import type { NodeCertificateEntry } from '../../application/NodeCertificates.js';

/**
 * A certificate as the real product's nodes/certificates/get shows it: every scalar a string (the version too,
 * `certificateAuthority` `"true"` or `"false"`), the lists always present (empty when the certificate has none).
 */
export class CertificateView {
  /** Distinguished name, relative names joined by ', ' */
  @IsString() subject!: string;
  @IsString() issuer!: string;
  /** upper-case hexadecimal */
  @IsString() serial!: string;
  /** the X.509 version: "1", "2" or "3" */
  @IsString() version!: string;
  /** the request's dateFormat: `UTC yyyy-mm-dd hh:mm:ss` by default */
  @IsString() validFrom!: string;
  @IsString() validUntil!: string;
  /** OpenSSL's name of the signature algorithm, e.g. sha256WithRSAEncryption, ecdsa-with-SHA256 */
  @IsString() signingAlgorithm!: string;
  @IsIn(['SHA-256']) fingerprintAlgorithm!: string;
  /** colon-separated upper-case hexadecimal pairs */
  @IsString() fingerprint!: string;
  @IsIn(['true', 'false']) certificateAuthority!: string;
  /** key usages by their RFC 5280 names: digitalSignature, keyEncipherment, keyCertSign, … */
  @IsArray() @IsString({ each: true }) usage!: string[];
  /** extended key usages: serverAuth, clientAuth, … (an unnamed one as its OID) */
  @IsArray() @IsString({ each: true }) extendedUsage!: string[];
  /** as OpenSSL prints them: DNS:host, IP Address:192.0.2.1, email:…, URI:… */
  @IsArray() @IsString({ each: true }) subjectAlternativeNames!: string[];
}

/** What the identity's private key is; the key itself never comes back. */
export class PrivateKeyView {
  /** bits: the RSA modulus, the EC curve's size (256 for Ed25519) */
  @IsInt() @Min(0) keySize!: number;
  /** RSA, EC, ED25519, … */
  @IsString() keyType!: string;
}

/**
 * One entry of nodes/certificates/get (and of set's answer): a certificate and the private key that belongs to
 * it. Both members are always there; `certificate` is null for a key held without a certificate, `privateKey`
 * null for a certificate whose key the gateway does not hold (the chain that issued the node's certificate).
 */
@JSONSchema((schema) => ({ ...schema, required: ['certificate', 'privateKey'] }))
export class NodeCertificateView {
  @ValidateIf((view: NodeCertificateView) => view.certificate !== null)
  @ValidateNested()
  @Type(() => CertificateView)
  @Nullable('null for an entry without a certificate (the real product answers so)')
  certificate!: CertificateView | null;

  @ValidateIf((view: NodeCertificateView) => view.privateKey !== null)
  @ValidateNested()
  @Type(() => PrivateKeyView)
  @Nullable('null for a certificate whose private key the gateway does not hold')
  privateKey!: PrivateKeyView | null;

  static of(entry: NodeCertificateEntry, dates: WireDates): NodeCertificateView {
    return {
      certificate: entry.certificate ? certificateView(entry.certificate, dates) : null,
      privateKey: entry.privateKey ? privateKeyView(entry.privateKey) : null,
    };
  }
}

function certificateView(c: CertificateInfo, dates: WireDates): CertificateView {
  return {
    subject: c.subject.split('\n').join(', '),
    issuer: c.issuer.split('\n').join(', '),
    serial: c.serialNumber,
    version: String(c.version),
    validFrom: dates.render(new Date(c.validFrom)),
    validUntil: dates.render(new Date(c.validTo)),
    signingAlgorithm: c.signatureAlgorithm,
    fingerprintAlgorithm: 'SHA-256',
    fingerprint: c.fingerprint256,
    certificateAuthority: String(c.certificateAuthority),
    usage: [...c.keyUsage],
    extendedUsage: [...c.extendedKeyUsage],
    subjectAlternativeNames: [...c.subjectAltNames],
  };
}

function privateKeyView(key: KeyInfo): PrivateKeyView {
  return { keySize: key.keyBits ?? 0, keyType: key.keyAlgorithm.toUpperCase() };
}
