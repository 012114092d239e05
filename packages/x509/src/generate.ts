import { createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import type forge from 'node-forge';
import { forgeLib } from './forgeLib.js';

/** What `createSelfSigned` makes. */
export interface GeneratedIdentity {
  /** PEM */
  readonly certificate: string;
  /** Unencrypted PKCS#8 PEM */
  readonly privateKey: string;
}

export interface SelfSignedOptions {
  readonly commonName: string;
  /** RSA modulus size; 2048 unless given. */
  readonly bits?: number;
  readonly notBefore?: Date;
  readonly notAfter?: Date;
  /** Sign with this issuer (certificate and key PEM) instead of self-signing. */
  readonly issuer?: GeneratedIdentity;
  /** A certificate authority: basic constraints with cA, key usages keyCertSign and cRLSign. */
  readonly certificateAuthority?: boolean;
  /**
   * Subject alternative names; with them (and not a certificate authority) the certificate is a TLS end entity:
   * key usages digitalSignature and keyEncipherment, extended key usages serverAuth and clientAuth.
   */
  readonly dnsNames?: readonly string[];
  readonly ipAddresses?: readonly string[];
}

/** The extensions `options` asks for (forge's notation); none unless asked. */
function extensionsOf(options: SelfSignedOptions): object[] {
  if (options.certificateAuthority) {
    return [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ];
  }
  const altNames = [
    ...(options.dnsNames ?? []).map((value) => ({ type: 2, value })),
    ...(options.ipAddresses ?? []).map((ip) => ({ type: 7, ip })),
  ];
  if (altNames.length === 0) return [];
  return [
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
    { name: 'extKeyUsage', serverAuth: true, clientAuth: true },
    { name: 'subjectAltName', altNames },
  ];
}

/**
 * An RSA key (Node's generator) and a certificate for it signed with SHA-256 (node-forge): self-signed, or
 * issued by `issuer`, with the extensions asked for. For installation defaults and tests.
 */
export function createSelfSigned(options: SelfSignedOptions): GeneratedIdentity {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: options.bits ?? 2048 });
  const keyPem = String(privateKey.export({ format: 'pem', type: 'pkcs8' }));
  const forgeKey = forgeLib().pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey;
  const cert = forgeLib().pki.createCertificate();
  cert.publicKey = forgeLib().pki.setRsaPublicKey(forgeKey.n, forgeKey.e);
  cert.serialNumber = '01' + randomBytes(8).toString('hex');
  const notBefore = options.notBefore ?? new Date(Date.now() - 60_000);
  cert.validity.notBefore = notBefore;
  cert.validity.notAfter = options.notAfter ?? new Date(notBefore.getTime() + 365 * 86_400_000);
  const subject = [{ name: 'commonName', value: options.commonName }];
  cert.setSubject(subject);
  const extensions = extensionsOf(options);
  if (extensions.length > 0) cert.setExtensions(extensions);
  if (options.issuer) {
    const issuerCert = forgeLib().pki.certificateFromPem(options.issuer.certificate);
    cert.setIssuer(issuerCert.subject.attributes);
    cert.sign(
      forgeLib().pki.privateKeyFromPem(options.issuer.privateKey) as forge.pki.rsa.PrivateKey,
      forgeLib().md.sha256.create(),
    );
  } else {
    cert.setIssuer(subject);
    cert.sign(forgeKey, forgeLib().md.sha256.create());
  }
  return { certificate: forgeLib().pki.certificateToPem(cert), privateKey: keyPem };
}

/**
 * A PKCS#12 file (DER bytes) holding an RSA private key (PEM, may be omitted) and certificates (PEM, the key's
 * first), protected by `password` (AES-256 key encryption, SHA-256 MAC).
 */
export function toPkcs12(
  certificates: readonly string[],
  privateKey: string | undefined,
  password: string,
  options: { count?: number } = {},
): Buffer {
  const key =
    privateKey === undefined
      ? null
      : forgeLib().pki.privateKeyFromPem(String(createPrivateKey(privateKey).export({ format: 'pem', type: 'pkcs1' })));
  const certs = certificates.map((pem) => forgeLib().pki.certificateFromPem(pem));
  const asn1 = forgeLib().pkcs12.toPkcs12Asn1(key, certs, password, {
    algorithm: 'aes256',
    ...(options.count !== undefined ? { count: options.count } : {}),
  });
  return Buffer.from(forgeLib().asn1.toDer(asn1).getBytes(), 'binary');
}
