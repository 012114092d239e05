import { DEFAULT_COMMON, type ConfigObjectSnapshot, type ParameterValue } from '../../../graph/domain/ConfigObject.js';
import type { ObjectSort } from '../../../graph/domain/ObjectSort.js';
import { SortCatalog } from '../../../graph/domain/catalog/SortCatalog.js';
import {
  DEFAULT_IDENTITY_CERTIFICATE,
  DEFAULT_IDENTITY_PRIVATE_KEY,
  DEFAULT_IDENTITY_SUBJECT,
} from './defaultIdentity.js';

/** A simulated local interface of the gateway; the factory configuration has a network controller for each. */
export interface LocalInterface {
  readonly name: string;
  readonly ipAddress: string;
  readonly subnetPrefixLength: number;
  readonly defaultGateway: string;
}

/** The interfaces every simulated gateway has: eth0 on the documentation network 192.0.2.0/24, and loopback. */
export const SIMULATED_INTERFACES: readonly LocalInterface[] = [
  { name: 'eth0', ipAddress: '192.0.2.10', subnetPrefixLength: 24, defaultGateway: '192.0.2.1' },
  { name: 'lo', ipAddress: '127.0.0.1', subnetPrefixLength: 8, defaultGateway: '' },
];

/** The port of the REST web server connector that serves the management API. */
export const REST_API_PORT = 8111;

/**
 * The configuration of a freshly installed gateway, every parameter filled from the sort catalog's defaults
 * unless set here. `newId` gives each object its id (seeded in reproducible labs). It holds:
 * - a network controller (IN_STACK) per simulated interface (eth0 192.0.2.10/24, lo 127.0.0.1/8);
 * - a self-signed digital identity (CRY_X509_STACK, certificate and private key) and the network security
 *   profile (INS_STACK) presenting it;
 * - the web server connector (HTTP_SERVER) serving this API: HTTP on port 8111, request domains REST_API and
 *   GUI, with that security profile; and the ACME connector (HTTP port 80, opened on demand) that certificate
 *   renewal uses;
 * - the media transcoding options (MEDIA_PUMP_DOMAIN), the media negotiation forwarder using them
 *   (MNS_FORWARDER_DOMAIN), the standard telephony forwarding stack (TELFW_STACK) and the default routing
 *   forward profile (TELRT_FORWARDER_DOMAIN) built on them;
 * - the QoS profile (IN_QOS_STACK), the telephony core settings (TEL_STACK) and the time reporter
 *   (MISC_TIME_REPORTER).
 */
export function factoryConfiguration(newId: () => string): ConfigObjectSnapshot[] {
  const objects: ConfigObjectSnapshot[] = [];
  const add = (
    sort: ObjectSort,
    displayName: string,
    parameters: { [name: string]: ParameterValue } = {},
    references: { [slot: string]: string[] } = {},
    comment = '',
  ): string => {
    const id = newId();
    objects.push({
      id,
      sort,
      displayName,
      parameters: { ...SortCatalog.defaults(sort), ...parameters },
      references,
      common: { ...DEFAULT_COMMON, comment },
      note: '',
      metadata: {},
      version: 0,
    });
    return id;
  };

  for (const nic of SIMULATED_INTERFACES) {
    add('IN_STACK', nic.name, {
      interfaceName: nic.name,
      ipVersion: 'IN_ADDRESS_VERSION_4',
      ipAddress: nic.ipAddress,
      subnetPrefixLength: nic.subnetPrefixLength,
      defaultGateway: nic.defaultGateway,
    });
  }
  const identity = add(
    'CRY_X509_STACK',
    'Default digital identity',
    {
      keyType: 'RSA_2048',
      selfSigned: true,
      subject: DEFAULT_IDENTITY_SUBJECT,
      certificate: DEFAULT_IDENTITY_CERTIFICATE,
      privateKey: DEFAULT_IDENTITY_PRIVATE_KEY,
    },
    {},
    'self-signed certificate created at installation',
  );
  const securityProfile = add('INS_STACK', 'Default network security profile', {}, { digitalIdentityId: [identity] });
  add(
    'HTTP_SERVER',
    'REST API and GUI',
    {
      httpMode: 'HTTP',
      port: REST_API_PORT,
      ipAddress: '',
      requestDomains: ['REST_API', 'GUI'],
      openPortOnDemand: false,
    },
    { networkSecurityProfileId: [securityProfile] },
    'serves the management API',
  );
  add('HTTP_SERVER', 'ACME challenge', {
    httpMode: 'HTTP',
    port: 80,
    requestDomains: ['ACME'],
    openPortOnDemand: true,
  });

  const transcoding = add('MEDIA_PUMP_DOMAIN', 'Default media transcoding options');
  const forwarder = add(
    'MNS_FORWARDER_DOMAIN',
    'Default media negotiation forwarder',
    { mediaMode: 'TRANSCODING' },
    { mediaTranscodingOptionsId: [transcoding] },
  );
  const forwardingStack = add(
    'TELFW_STACK',
    'Default telephony forwarding',
    { profile: 'STANDARD' },
    { mediaNegotiationForwarderId: [forwarder] },
  );
  add(
    'TELRT_FORWARDER_DOMAIN',
    'Default routing forward profile',
    {},
    { telephonyForwardingStackId: [forwardingStack] },
  );

  add('IN_QOS_STACK', 'Default QoS profile');
  add('TEL_STACK', 'Telephony core');
  add('MISC_TIME_REPORTER', 'Time reporter');
  return objects;
}
