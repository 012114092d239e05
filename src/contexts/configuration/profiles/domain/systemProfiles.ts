import type { SystemProfile } from './NodeProfile.js';

type Overrides = Partial<Omit<SystemProfile, 'id' | 'displayName' | 'wizard'>> & {
  readonly wizard?: Partial<SystemProfile['wizard']>;
};

/** A profile: the generic SIP PBX's values with the system's own. */
function system(id: string, displayName: string, overrides: Overrides): SystemProfile {
  const { wizard, ...fields } = overrides;
  return {
    id,
    displayName,
    networkControllerDisplayName: 'eth0',
    networkControllerInterface: 'eth0',
    networkControllerIpVersion: 'IN_ADDRESS_VERSION_4',
    networkControllerIpAddress: '192.0.2.10',
    sbcFqdn: '',
    tenantFqdn: '',
    createNewNetworkController: false,
    createNewCollabCarrierNode: false,
    activateServerAuthentication: false,
    activateClientAuthentication: false,
    includeSipRegistrarInWhitelist: false,
    includeRemoteSipDomainInWhitelist: true,
    includeOwnSubnetInWhitelist: false,
    allowOnlyNegotiatedPeersForRtpRtcp: true,
    useNetworkPeerWhitelist: true,
    routingDomains: [],
    networkPeerWhitelist: [],
    serverCredentials: { required: false, username: '' },
    clientCredentials: { required: false, username: '' },
    remoteSipDomain: { host: 'pbx.example.com', port: 5060, transport: 'UDP' },
    sipRegistrar: { type: 'NEVER' },
    udpPortRange: { firstPort: 40000, lastPort: 49999 },
    sipInterconnection: 'TRUNK',
    ...fields,
    wizard: { kind: 'SIP', udpTcpPort: 5060, tlsPort: 5061, useTls: false, userAgentHeader: 'anynode', ...wizard },
  };
}

/** The built-in system profiles: PBXs and collaboration platforms. Ids are fixed: clients keep them. */
export const SYSTEM_PROFILES: readonly SystemProfile[] = [
  system('1d22157e-d6d5-4c79-9c1e-dd47c50e57e1', 'Generic SIP PBX', {}),
  system('7f253e47-aab8-4afd-b544-4d73b60cb817', 'Asterisk', {
    remoteSipDomain: { host: 'asterisk.example.com', port: 5060, transport: 'UDP' },
  }),
  system('222b8a3f-e3da-4177-a7ee-4b5f7d274d16', '3CX Phone System', {
    remoteSipDomain: { host: '3cx.example.com', port: 5060, transport: 'UDP' },
    wizard: { udpTcpPort: 5062, tlsPort: 5063 },
  }),
  system('1ab86118-794a-44ed-bb47-13008ae5336a', 'Cisco Unified Communications Manager', {
    remoteSipDomain: { host: 'cucm.example.com', port: 5060, transport: 'TCP' },
    networkPeerWhitelist: [
      { ipVersion: 'IN_ADDRESS_VERSION_4', host: 'cucm-sub.example.com', subnetPrefixLength: 32, dnsLookup: ['A'] },
    ],
  }),
  system('d4fb62ae-77b2-44e7-a0b5-aaf4ca232644', 'Avaya Aura Session Manager', {
    remoteSipDomain: { host: 'asm.example.com', port: 5061, transport: 'TLS' },
    activateServerAuthentication: true,
    activateClientAuthentication: true,
    wizard: { useTls: true },
  }),
  system('8f4a31c4-6431-4da7-907c-d91660abafdf', 'Mitel MiVoice Business', {
    remoteSipDomain: { host: 'mivb.example.com', port: 5060, transport: 'UDP' },
  }),
  system('9eca4371-c8e7-4450-9f5e-673401941939', 'Unify OpenScape Voice', {
    remoteSipDomain: { host: 'osv.example.com', port: 5060, transport: 'TCP' },
    includeOwnSubnetInWhitelist: true,
  }),
  system('27e7727a-799f-4030-9a2d-030807faa647', 'Collaboration platform (direct routing)', {
    sbcFqdn: 'sbc.customer.example.com',
    tenantFqdn: 'customer.example.com',
    activateServerAuthentication: true,
    activateClientAuthentication: true,
    remoteSipDomain: { host: 'sip.collab.example.net', port: 5061, transport: 'TLS' },
    networkPeerWhitelist: [
      { ipVersion: 'IN_ADDRESS_VERSION_4', host: '198.51.100.0', subnetPrefixLength: 24, dnsLookup: [] },
      { ipVersion: 'IN_ADDRESS_VERSION_4', host: 'sip2.collab.example.net', subnetPrefixLength: 32, dnsLookup: ['A'] },
    ],
    wizard: { kind: 'COLLAB_DIRECT_ROUTING', useTls: true, tlsPort: 5067, udpTcpPort: 5066 },
  }),
  system('9fbf9f7b-b807-47c1-b661-6bb2a607801d', 'Collaboration platform carrier (operator connect)', {
    sbcFqdn: 'sbc.carrier.example.com',
    tenantFqdn: '',
    createNewCollabCarrierNode: true,
    activateServerAuthentication: true,
    activateClientAuthentication: true,
    remoteSipDomain: { host: 'sip.collab.example.net', port: 5061, transport: 'TLS' },
    wizard: { kind: 'COLLAB_CARRIER', useTls: true, tlsPort: 5069, udpTcpPort: 5068 },
  }),
  system('38ef3322-b0c5-4b1d-9d7c-b82231bbf016', 'Collaboration platform survivable branch appliance', {
    sbcFqdn: 'sba.branch.example.com',
    tenantFqdn: 'customer.example.com',
    activateServerAuthentication: true,
    activateClientAuthentication: true,
    sipRegistrar: { type: 'ALWAYS' },
    remoteSipDomain: { host: 'sip.collab.example.net', port: 5061, transport: 'TLS' },
    wizard: { kind: 'COLLAB_SBA', useTls: true, tlsPort: 5071, udpTcpPort: 5070 },
  }),
];
