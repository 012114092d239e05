import {
  describe,
  describeKey,
  joinPem,
  keyMatchesCertificate,
  parseKeyFile,
  X509Error,
  type CertificateInfo,
  type KeyInfo,
  type KeyMaterial,
} from '@gwsim/x509';
import { DomainError } from '../../../../shared/domain/DomainError.js';

export const CERTIFICATE_MODES = ['CERTIFICATES_AND_PRIVATE_KEY', 'CERTIFICATES_ONLY', 'PRIVATE_KEY_ONLY'] as const;
export type CertificateMode = (typeof CERTIFICATE_MODES)[number];

export const KEY_TYPES = ['RSA_2048', 'RSA_3072', 'RSA_4096', 'EC_P256', 'EC_P384', 'OTHER'] as const;
export type KeyType = (typeof KEY_TYPES)[number];

/** What a digital identity (a CRY_X509_STACK object) holds besides its trust anchors. */
export interface DigitalIdentityState {
  readonly id: string;
  readonly displayName: string;
  /** The identity's own certificate (PEM); empty for none. */
  readonly certificate: string;
  /** The certificates that issued it, in order (PEM); empty for none. */
  readonly certificateChain: string;
  /** Unencrypted PKCS#8 PEM; empty for none. Never answered. */
  readonly privateKey: string;
  readonly keyType: KeyType;
  readonly selfSigned: boolean;
  readonly subject: string;
}

/**
 * A node's digital identity: the certificate it presents (with its chain) and the private key that belongs to
 * it. Invariant: when both a certificate and a key are held, the key is the certificate's (checked on every
 * change; what is stored was checked when written). keyType, subject and selfSigned follow the material.
 */
export class DigitalIdentity {
  private constructor(private readonly state: DigitalIdentityState) {}

  static restore(state: DigitalIdentityState): DigitalIdentity {
    return new DigitalIdentity(state);
  }

  /** A new identity without material. */
  static empty(id: string, displayName: string): DigitalIdentity {
    return new DigitalIdentity({
      id,
      displayName,
      certificate: '',
      certificateChain: '',
      privateKey: '',
      keyType: 'RSA_2048',
      selfSigned: false,
      subject: '',
    });
  }

  get id(): string {
    return this.state.id;
  }
  get hasPrivateKey(): boolean {
    return this.state.privateKey !== '';
  }

  /**
   * Its certificates, its own first, then the chain; none when it holds none. A stored text that is no readable
   * certificate (objects/set checks PEM syntax only) is left out: reads never fail on stored data.
   */
  certificates(): CertificateInfo[] {
    return [...readable(this.state.certificate), ...readable(this.state.certificateChain)];
  }

  /** Its own certificate, when it holds a readable one. */
  ownCertificate(): CertificateInfo | undefined {
    return readable(this.state.certificate)[0];
  }

  /** The certificates that issued its own, in order (readable ones only). */
  chain(): CertificateInfo[] {
    return readable(this.state.certificateChain);
  }

  /** What its private key is (algorithm and size), when it holds a readable one; never the key. */
  privateKeyInfo(): KeyInfo | undefined {
    if (this.state.privateKey === '') return undefined;
    try {
      return describeKey(this.state.privateKey);
    } catch {
      return undefined;
    }
  }

  /**
   * The identity with new material from an uploaded file, as `mode` says: certificates and key, certificates
   * only (the current key, if any, must belong to the new certificate) or the key only (it must belong to the
   * current certificate, if any). A part the mode needs but the file lacks is refused, naming `file`.
   */
  withMaterial(mode: CertificateMode, material: KeyMaterial): DigitalIdentity {
    const wantsCertificates = mode !== 'PRIVATE_KEY_ONLY';
    const wantsKey = mode !== 'CERTIFICATES_ONLY';
    if (wantsCertificates && material.certificates.length === 0) {
      throw DomainError.invalid('CERTIFICATE_MISSING', `mode ${mode} needs a certificate, but the file holds none`, [
        { field: 'file', rule: 'certificate', message: 'the file must hold at least one certificate' },
      ]);
    }
    if (wantsKey && material.privateKey === undefined) {
      throw DomainError.invalid('PRIVATE_KEY_MISSING', `mode ${mode} needs a private key, but the file holds none`, [
        { field: 'file', rule: 'privateKey', message: 'the file must hold a private key' },
      ]);
    }
    const certificates = wantsCertificates ? material.certificates : this.certificates();
    const privateKey = wantsKey ? material.privateKey! : this.state.privateKey;
    const leaf = wantsCertificates ? certificates[0] : readable(this.state.certificate)[0];
    if (leaf && privateKey !== '' && !keyMatchesCertificate(privateKey, leaf.pem)) {
      const whose =
        mode === 'CERTIFICATES_AND_PRIVATE_KEY'
          ? 'the private key of the file does not belong to its certificate'
          : mode === 'CERTIFICATES_ONLY'
            ? "the node's current private key does not belong to the new certificate (send both with CERTIFICATES_AND_PRIVATE_KEY)"
            : "the new private key does not belong to the node's current certificate (send both with CERTIFICATES_AND_PRIVATE_KEY)";
      throw DomainError.invalid('PRIVATE_KEY_MISMATCH', `${whose}; nothing was changed`, [
        { field: 'file', rule: 'matchesCertificate', message: whose },
      ]);
    }
    const key: KeyInfo | undefined = leaf ?? (privateKey !== '' ? describeKey(privateKey) : undefined);
    if (!wantsCertificates) {
      return new DigitalIdentity({ ...this.state, privateKey, keyType: key ? keyTypeOf(key) : this.state.keyType });
    }
    return new DigitalIdentity({
      ...this.state,
      certificate: leaf ? leaf.pem : '',
      certificateChain: joinPem(certificates.slice(1)),
      privateKey,
      keyType: key ? keyTypeOf(key) : this.state.keyType,
      selfSigned: leaf ? leaf.selfSigned : false,
      subject: leaf ? leaf.subject.split('\n').join(', ') : '',
    });
  }

  snapshot(): DigitalIdentityState {
    return this.state;
  }
}

/** The readable certificates of a stored PEM text, each block on its own; unreadable blocks left out. */
function readable(pem: string): CertificateInfo[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [];
  return blocks.flatMap((block) => {
    try {
      return [describe(block)];
    } catch {
      return [];
    }
  });
}

/** The catalog's key type of a key: RSA 2048/3072/4096, EC P-256/P-384, else OTHER. */
export function keyTypeOf(key: KeyInfo): KeyType {
  if (key.keyAlgorithm === 'rsa' && (key.keyBits === 2048 || key.keyBits === 3072 || key.keyBits === 4096))
    return `RSA_${key.keyBits}`;
  if (key.keyAlgorithm === 'ec' && key.curve === 'prime256v1') return 'EC_P256';
  if (key.keyAlgorithm === 'ec' && key.curve === 'secp384r1') return 'EC_P384';
  return 'OTHER';
}

/**
 * Reads an uploaded certificate file (PEM, DER certificate or PKCS#12) with its password. Refusals are 400s:
 * CERTIFICATE_FILE_INVALID for anything unreadable, CERTIFICATE_FILE_PASSWORD for a missing or wrong password.
 */
export function readCertificateFile(content: Buffer, password: string | undefined): KeyMaterial {
  try {
    return parseKeyFile(content, password);
  } catch (error) {
    if (!(error instanceof X509Error)) throw error;
    if (error.code === 'WRONG_PASSWORD' || error.code === 'PASSWORD_REQUIRED') {
      throw DomainError.invalid('CERTIFICATE_FILE_PASSWORD', `${error.message}; nothing was changed`, [
        { field: 'password', rule: 'opensFile', message: 'password must open the uploaded file' },
      ]);
    }
    throw DomainError.invalid(
      'CERTIFICATE_FILE_INVALID',
      `the uploaded file is not a usable certificate file (PEM, DER or PKCS#12 .p12/.pfx): ${error.message}; nothing was changed`,
      [{ field: 'file', rule: 'certificateFile', message: error.message }],
    );
  }
}
