import { createSelfSigned, type GeneratedIdentity, type SelfSignedOptions } from '@gwsim/x509';
import type { ApiClient } from '../../support/ApiClient.js';
import { createObject } from './objectsSupport.js';

/** Identities made once per process (RSA key generation is slow on a loaded machine), valid 2025–2028. */
const made = new Map<string, GeneratedIdentity>();

export function identity(
  name: string,
  options: Pick<SelfSignedOptions, 'notBefore' | 'notAfter' | 'issuer' | 'certificateAuthority' | 'dnsNames'> = {},
): GeneratedIdentity {
  let found = made.get(name);
  if (!found) {
    found = createSelfSigned({
      commonName: name,
      notBefore: options.notBefore ?? new Date('2025-01-01T00:00:00Z'),
      notAfter: options.notAfter ?? new Date('2028-01-01T00:00:00Z'),
      ...(options.issuer ? { issuer: options.issuer } : {}),
      ...(options.certificateAuthority ? { certificateAuthority: true } : {}),
      ...(options.dnsNames ? { dnsNames: options.dnsNames } : {}),
    });
    made.set(name, found);
  }
  return found;
}

export interface BareNode {
  readonly controller: Record<string, any>;
  readonly transport: Record<string, any>;
  readonly userAgent: Record<string, any>;
  readonly node: Record<string, any>;
  readonly securityProfile?: Record<string, any>;
}

/**
 * A node built through objects/set (the nodes views land separately): TELSIP_STACK → SIPUA_STACK → SIPST_STACK →
 * IN_STACK, with no network security profile unless `securityProfile` is true (then one without an identity).
 */
export async function createBareNode(
  admin: ApiClient,
  prefix: string,
  options: { port?: number; securityProfile?: boolean } = {},
): Promise<BareNode> {
  const port = options.port ?? 5070;
  const controller = await createObject(admin, 'IN_STACK', `${prefix} eth1`, {
    interfaceName: 'eth1',
    ipAddress: '198.51.100.9',
  });
  const securityProfile = options.securityProfile
    ? await createObject(admin, 'INS_STACK', `${prefix} security`)
    : undefined;
  const transport = await createObject(admin, 'SIPST_STACK', `${prefix} transport`, {
    udpTcpPort: String(port),
    tlsPort: String(port + 1),
    networkControllerId: controller['id'],
    ...(securityProfile ? { networkSecurityProfileId: securityProfile['id'] } : {}),
  });
  const userAgent = await createObject(admin, 'SIPUA_STACK', `${prefix} user agent`, {
    sipTransportId: transport['id'],
  });
  const node = await createObject(admin, 'TELSIP_STACK', `${prefix} node`, {
    nodeRole: 'SYSTEM',
    sipUserAgentId: userAgent['id'],
  });
  return { controller, transport, userAgent, node, ...(securityProfile ? { securityProfile } : {}) };
}
