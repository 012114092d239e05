import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The LAB vendor key pair. Its private key is public on purpose (it ships in lab-key/ of this package) so that
 * anyone can mint licenses for labs and tests; a gateway that trusts this public key trusts any such license.
 */
export const LAB_PRIVATE_KEY_FILE = join(__dirname, '..', '..', 'lab-key', 'lab-vendor-private-key.pem');
export const LAB_PUBLIC_KEY_FILE = join(__dirname, '..', '..', 'lab-key', 'lab-vendor-public-key.pem');

export function labPrivateKey(): string {
  return readFileSync(LAB_PRIVATE_KEY_FILE, 'utf8');
}

export function labPublicKey(): string {
  return readFileSync(LAB_PUBLIC_KEY_FILE, 'utf8');
}
