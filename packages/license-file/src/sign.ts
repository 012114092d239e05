import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import {
  LICENSE_FILE_FORMAT,
  LICENSE_FILE_VERSION,
  SIGNATURE_ALGORITHM,
  signedBytes,
  type LicenseDocument,
} from './format.js';
import { checkLicense } from './parse.js';

/** Signs a license with an Ed25519 private key (PEM) and answers the `.xzlicense` file's bytes. */
export function signLicenseFile(license: LicenseDocument, privateKeyPem: string): Buffer {
  checkLicense(license);
  const key = createPrivateKey(privateKeyPem);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('the signing key must be an Ed25519 private key');
  const value = sign(null, signedBytes(license), key).toString('base64');
  const file = {
    format: LICENSE_FILE_FORMAT,
    formatVersion: LICENSE_FILE_VERSION,
    license,
    signature: { algorithm: SIGNATURE_ALGORITHM, value },
  };
  return Buffer.from(`${JSON.stringify(file, null, 2)}\n`, 'utf8');
}

/** Whether the signature was made by the private key of this Ed25519 public key (PEM) over the license. */
export function verifyLicenseSignature(license: LicenseDocument, signature: Buffer, publicKeyPem: string): boolean {
  const key = createPublicKey(publicKeyPem);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('the trusted key must be an Ed25519 public key');
  if (signature.length !== 64) return false;
  return verify(null, signedBytes(license), key, signature);
}
