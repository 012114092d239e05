import type { CertificateInfo, KeyInfo } from '@gwsim/x509';
import type { DigitalIdentity } from '../domain/DigitalIdentity.js';

/** One entry of a node's certificates: a certificate and what its private key is, either one possibly missing. */
export interface NodeCertificateEntry {
  readonly certificate: CertificateInfo | undefined;
  readonly privateKey: KeyInfo | undefined;
}

/**
 * The entries of a node's identity: its own certificate with its private key first (one of the two may be
 * missing), then each certificate of its chain, whose keys the gateway never holds. None without an identity
 * or for an identity that holds neither a certificate nor a key.
 */
export function nodeCertificates(identity: DigitalIdentity | undefined): NodeCertificateEntry[] {
  if (!identity) return [];
  const certificate = identity.ownCertificate();
  const privateKey = identity.privateKeyInfo();
  const own = certificate || privateKey ? [{ certificate, privateKey }] : [];
  return [...own, ...identity.chain().map((c) => ({ certificate: c, privateKey: undefined }))];
}
