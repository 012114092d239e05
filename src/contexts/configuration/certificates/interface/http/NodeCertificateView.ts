import { IsBoolean, IsIn, IsInt, IsOptional, IsString } from 'class-validator';
import type { WireDates } from '../../../../../shared/interface/http/WireDates.js';
import type { NodeCertificate } from '../../application/NodeCertificates.js';

/**
 * A certificate of a node's digital identity as nodes/certificates/get and set answer it: the PEM and what it
 * says. Dates follow the request's dateFormat. The private key never comes back.
 */
export class NodeCertificateView {
  @IsString()
  pem!: string;

  /** Distinguished name, relative names joined by ', ' */
  @IsString()
  subject!: string;

  @IsString()
  issuer!: string;

  /** upper-case hexadecimal */
  @IsString()
  serialNumber!: string;

  @IsString()
  validFrom!: string;

  @IsString()
  validTo!: string;

  /** VALID, EXPIRED or NOT_YET_VALID now: expired certificates are stored and reported, not refused */
  @IsIn(['VALID', 'EXPIRED', 'NOT_YET_VALID'])
  validity!: 'VALID' | 'EXPIRED' | 'NOT_YET_VALID';

  /** SHA-256, colon-separated hexadecimal pairs */
  @IsString()
  fingerprint256!: string;

  @IsBoolean()
  selfSigned!: boolean;

  /** rsa, ec, ed25519, … */
  @IsString()
  keyAlgorithm!: string;

  @IsOptional()
  @IsInt()
  keyBits?: number;

  static of(certificate: NodeCertificate, dates: WireDates): NodeCertificateView {
    const c = certificate.info;
    return {
      pem: c.pem,
      subject: c.subject.split('\n').join(', '),
      issuer: c.issuer.split('\n').join(', '),
      serialNumber: c.serialNumber,
      validFrom: dates.render(new Date(c.validFrom)),
      validTo: dates.render(new Date(c.validTo)),
      validity: certificate.validity,
      fingerprint256: c.fingerprint256,
      selfSigned: c.selfSigned,
      keyAlgorithm: c.keyAlgorithm,
      ...(c.keyBits !== undefined ? { keyBits: c.keyBits } : {}),
    };
  }
}
