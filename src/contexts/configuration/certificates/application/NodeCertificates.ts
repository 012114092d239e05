import { validity, type CertificateInfo, type Validity } from '@gwsim/x509';
import type { DigitalIdentity } from '../domain/DigitalIdentity.js';

/** A certificate of a node's identity as the use cases answer it: what it says, and whether it is valid now. */
export interface NodeCertificate {
  readonly info: CertificateInfo;
  readonly validity: Validity;
}

/** The identity's certificates (its own first, then its chain) with their validity at `now`; none without an identity. */
export function nodeCertificates(identity: DigitalIdentity | undefined, now: Date): NodeCertificate[] {
  return (identity?.certificates() ?? []).map((info) => ({ info, validity: validity(info, now) }));
}
