import type { ProviderProfile, ProviderRegion } from './NodeProfile.js';

type Overrides = Partial<Omit<ProviderProfile, 'id' | 'displayName' | 'wizard'>> & {
  readonly wizard?: Partial<ProviderProfile['wizard']>;
};

function provider(
  id: string,
  displayName: string,
  regions: readonly ProviderRegion[],
  overrides: Overrides,
): ProviderProfile {
  const { wizard, ...fields } = overrides;
  const first = regions[0]!;
  return {
    id,
    displayName,
    networkControllerDisplayName: 'eth0',
    networkControllerInterface: 'eth0',
    networkControllerIpVersion: 'IN_ADDRESS_VERSION_4',
    networkControllerIpAddress: '192.0.2.10',
    addressOfRecord: '',
    assertedUri: '',
    createNewNetworkController: false,
    activateNatTraversal: false,
    defineAssertedUri: false,
    nodeViaSipTrunking: true,
    activateClientAuthentication: false,
    includeSipRegistrarInWhitelist: true,
    includeRemoteSipDomainInWhitelist: true,
    includeProxyInWhitelist: true,
    allowOnlyNegotiatedPeersForRtpRtcp: true,
    useNetworkPeerWhitelist: true,
    routingDomains: [],
    networkPeerWhitelist: [],
    credentials: { required: true, username: '' },
    remoteSipDomain: { host: first.proxyHost, port: first.proxyPort, transport: 'UDP' },
    regions,
    ...fields,
    wizard: { udpTcpPort: 5080, tlsPort: 5081, useTls: false, userAgentHeader: 'anynode', register: true, ...wizard },
  };
}

/** The built-in provider profiles: SIP trunk carriers by region (invented hosts under example domains). */
export const PROVIDER_PROFILES: readonly ProviderProfile[] = [
  provider(
    '550be012-da9c-45a3-83bb-2648cccc396e',
    'Generic SIP trunk carrier',
    [{ name: 'default', proxyHost: 'sip.carrier.example.net', proxyPort: 5060 }],
    { wizard: { register: false } },
  ),
  provider(
    '284f989d-620c-4583-86dd-1295c247ae8c',
    'Example Telekom (DE)',
    [
      { name: 'DE-North', proxyHost: 'nord.sip.telekom.example.de', proxyPort: 5060 },
      { name: 'DE-South', proxyHost: 'sued.sip.telekom.example.de', proxyPort: 5060 },
    ],
    { addressOfRecord: 'sip:+4930123456@telekom.example.de', activateNatTraversal: true },
  ),
  provider(
    '162bf368-cc99-453c-a559-7e5a3eeaf825',
    'Example Telekom Austria (AT)',
    [{ name: 'AT-Vienna', proxyHost: 'wien.sip.example.at', proxyPort: 5060 }],
    { addressOfRecord: 'sip:+4315123456@sip.example.at' },
  ),
  provider(
    '19186885-9844-4994-996f-b6fea0136906',
    'Example Swisscom (CH)',
    [
      { name: 'CH-Zurich', proxyHost: 'zh.voip.example.ch', proxyPort: 5060 },
      { name: 'CH-Geneva', proxyHost: 'ge.voip.example.ch', proxyPort: 5060 },
    ],
    {
      addressOfRecord: 'sip:+41441234567@voip.example.ch',
      defineAssertedUri: true,
      assertedUri: 'sip:+41441234567@voip.example.ch',
    },
  ),
  provider(
    '3c3dda01-5e69-4670-8114-8e205d88aeb7',
    'Example Telecom (UK)',
    [
      { name: 'UK-London', proxyHost: 'lon.sipgw.example.co.uk', proxyPort: 5060 },
      { name: 'UK-Manchester', proxyHost: 'man.sipgw.example.co.uk', proxyPort: 5060 },
    ],
    { nodeViaSipTrunking: true, wizard: { register: false } },
  ),
  provider(
    '0ad1a146-3f29-4bc4-88a5-1cdd6ebaf2ab',
    'Example Voice (US)',
    [
      { name: 'US-East', proxyHost: 'east.trunk.example.com', proxyPort: 5060 },
      { name: 'US-West', proxyHost: 'west.trunk.example.com', proxyPort: 5060 },
    ],
    { activateClientAuthentication: true, wizard: { useTls: true, register: false } },
  ),
];
