import { f, IP_VERSIONS, p, r, sortDefinition, t, type SortDefinition } from '../SortDefinition.js';

const TLS_VERSIONS = ['TLS_1_0', 'TLS_1_1', 'TLS_1_2', 'TLS_1_3'];

/** Network, security and service objects: controllers, mappings, whitelists, QoS, identities, HTTP, IPC, LDAP. */
export const NETWORK_SORTS: readonly SortDefinition[] = [
  sortDefinition('IN_STACK', 'network controller', 'An IP interface of the gateway that transports and media bind to', [
    p.string('interfaceName', 'operating-system name of the interface', 'eth0', 64),
    p.enumOf('ipVersion', 'address family', IP_VERSIONS, 'IN_ADDRESS_VERSION_4'),
    p.ip('ipAddress', 'local address; empty means every address of the interface'),
    p.integer('subnetPrefixLength', 'prefix length of the local subnet', 0, 128, 24),
    p.ip('defaultGateway', 'next hop for addresses outside the subnet; empty for none'),
    p.integer('mtu', 'maximum transmission unit in bytes', 576, 9216, 1500),
    p.port('rtpFirstPort', 'first UDP port for media (RTP/RTCP)', 40000),
    p.port('rtpLastPort', 'last UDP port for media (RTP/RTCP)', 49999),
  ]),
  sortDefinition('IN_FILTER', 'network peer whitelist', 'Remote peers a transport accepts traffic from', [
    p.boolean('includeOwnSubnet', 'accept every peer of the own subnet', false),
    p.list('entries', 'accepted peers', t.record([
      f.field('ipVersion', t.enumOf(IP_VERSIONS), 'IN_ADDRESS_VERSION_4', 'address family'),
      f.field('host', t.host(false), '127.0.0.1', 'host name or address'),
      f.field('subnetPrefixLength', t.integer(0, 128), 32, 'prefix length; 32 (128) for a single host'),
      f.field('dnsLookup', t.list(t.enumOf(['A', 'AAAA', 'SRV', 'NAPTR']), 4), [], 'DNS records resolved for host names'),
    ]), [], 1000),
  ]),
  sortDefinition('IN_MAP_STACK', 'network mapping', 'NAT traversal for a network controller (discovered public address)', [
    p.enumOf('mode', 'how the public address is learnt', ['STUN', 'STATIC', 'NONE'], 'STUN'),
    p.host('stunServer', 'STUN server host'),
    p.port('stunPort', 'STUN server port', 3478),
    p.ip('publicIpAddress', 'public address with mode STATIC'),
    p.integer('refreshIntervalSeconds', 'how often the mapping is refreshed', 10, 3600, 60),
  ], [r.one('networkControllerId', ['IN_STACK'], 'the controller whose traffic is mapped')]),
  sortDefinition('IN_MAP_STATIC_STACK', 'static network mapping', 'A fixed NAT mapping of local to public address and ports', [
    p.ip('publicIpAddress', 'address the peers see', '0.0.0.0', false),
    p.integer('portOffset', 'added to a local port to give the public port', -65535, 65535, 0),
    p.list('portMappings', 'explicit port translations', t.record([
      f.field('localPort', t.port(), 5060),
      f.field('publicPort', t.port(), 5060),
      f.field('protocol', t.enumOf(['UDP', 'TCP', 'TLS']), 'UDP'),
    ]), [], 1024),
  ], [r.one('networkControllerId', ['IN_STACK'], 'the controller whose traffic is mapped')]),
  sortDefinition('IN_QOS_STACK', 'QoS profile', 'Packet marking for signaling and media', [
    p.integer('signalingDscp', 'DSCP of signaling packets', 0, 63, 26),
    p.integer('mediaDscp', 'DSCP of media packets', 0, 63, 46),
    p.integer('vlanPriority', '802.1p priority', 0, 7, 5),
  ]),
  sortDefinition('INS_STACK', 'network security profile', 'TLS and SRTP policy of transports', [
    p.enumOf('tlsMinVersion', 'lowest TLS version accepted', TLS_VERSIONS, 'TLS_1_2'),
    p.enumOf('tlsMaxVersion', 'highest TLS version offered', TLS_VERSIONS, 'TLS_1_3'),
    p.enumOf('cipherSuites', 'cipher suite selection', ['STRONG', 'COMPATIBLE', 'LEGACY'], 'STRONG'),
    p.boolean('serverAuthentication', 'present our certificate as a TLS server', true),
    p.boolean('clientAuthentication', 'present our certificate as a TLS client', false),
    p.boolean('demandClientCertificate', 'require a certificate from TLS clients', false),
    p.boolean('hostnameVerification', 'check the peer certificate names its host', true),
    p.enumOf('srtpMode', 'media encryption', ['DISABLED', 'OPTIONAL', 'MANDATORY'], 'OPTIONAL'),
  ], [
    r.one('digitalIdentityId', ['CRY_X509_STACK'], 'certificate and private key presented to peers'),
    r.many('trustedIdentityIds', ['CRY_X509_STACK'], 'trust anchors for peer certificates'),
  ]),
  sortDefinition('CRY_X509_STACK', 'digital identity and trust', 'A certificate with its private key, chain and trusted certificates', [
    p.enumOf('keyType', 'key algorithm and size', ['RSA_2048', 'RSA_3072', 'RSA_4096', 'EC_P256', 'EC_P384', 'OTHER'], 'RSA_2048'),
    p.boolean('selfSigned', 'the certificate is self-signed', false),
    p.string('subject', 'distinguished name of the certificate subject', '', 1024),
    p.certificate('certificate', 'the certificate (PEM)'),
    p.privateKey('privateKey', 'the private key of the certificate (PEM)'),
    p.certificate('certificateChain', 'intermediate certificates (PEM)'),
    p.certificate('trustedCertificates', 'certificates trusted as anchors (PEM)'),
  ]),
  sortDefinition('HTTP_SERVER', 'web server connector', 'An HTTP(S) listener serving the REST API, the GUI or ACME', [
    p.enumOf('httpMode', 'plain HTTP or TLS', ['HTTP', 'HTTPS'], 'HTTP'),
    p.port('port', 'listening port', 8111),
    p.ip('ipAddress', 'local address; empty for every address'),
    p.list('requestDomains', 'what the connector serves', t.enumOf(['REST_API', 'GUI', 'ACME']), ['REST_API'], 3),
    p.boolean('openPortOnDemand', 'open the port only while a request domain needs it', false),
    p.port('httpRedirectorPort', 'port redirecting plain HTTP to HTTPS; 0 for none', 0, true),
    p.privateKey('privateKey', 'TLS private key (PEM)'),
    p.certificate('certificate', 'TLS certificate (PEM)'),
    p.boolean('demandClientCertificate', 'require client certificates', false),
    p.boolean('hostnameVerification', 'verify client certificate host names', false),
  ], [r.one('networkSecurityProfileId', ['INS_STACK'], 'TLS policy with HTTPS')]),
  sortDefinition('HTTP_CLIENT', 'HTTP client', 'Outgoing HTTP(S) requests to a web service', [
    p.uri('baseUri', 'address of the service', ['http', 'https'], 'https://localhost/'),
    p.integer('timeoutSeconds', 'request time-out', 1, 600, 30),
    p.uri('proxyUri', 'HTTP proxy; empty for none', ['http', 'https']),
  ], [r.one('networkSecurityProfileId', ['INS_STACK'], 'TLS policy for https')]),
  sortDefinition('IPC_CLIENT', 'hot-standby link (client)', 'The link a hot-standby system opens to its partner', [
    p.host('remoteHost', 'partner system', '127.0.0.1', false),
    p.port('remotePort', 'partner core port', 12100),
    p.integer('maxLinkRetryTimeout', 'seconds before a lost link counts as down', 1, 3600, 60),
    p.integer('linkPingInterval', 'seconds between link pings', 1, 3600, 5),
    p.boolean('replicationEnabled', 'replicate configuration to the partner', true),
    p.list('systemIdentifiers', 'system ids replicated to', t.string(64, false), [], 16),
    p.secret('sharedSecret', 'secret both partners share'),
  ], [
    r.one('networkControllerId', ['IN_STACK'], 'local interface of the link'),
    r.one('networkSecurityProfileId', ['INS_STACK'], 'TLS policy of the link'),
    r.one('networkMappingId', ['IN_MAP_STATIC_STACK'], 'fixed NAT mapping of the link'),
    r.one('networkPeerWhitelistId', ['IN_FILTER'], 'accepted partner addresses'),
    r.one('qosProfileId', ['IN_QOS_STACK'], 'packet marking of the link'),
  ]),
  sortDefinition('IPC_SERVER', 'hot-standby link (server)', 'The listener a hot-standby partner connects to', [
    p.port('port', 'listening port', 12100),
    p.integer('linkPingInterval', 'seconds between link pings', 1, 3600, 5),
    p.secret('sharedSecret', 'secret both partners share'),
    p.string('standbySystemBackendName', 'backend name of the standby system (hot standby object)'),
    p.enumOf('systemRole', 'which system the hot standby object was added for', ['MAIN', 'STANDBY', 'MAIN_AND_STANDBY'], 'MAIN'),
    p.boolean('disabledHere', 'this system may not take the active role', false),
  ], [
    r.one('networkControllerId', ['IN_STACK'], 'local interface of the link'),
    r.one('networkSecurityProfileId', ['INS_STACK'], 'TLS policy of the link'),
    r.one('networkPeerWhitelistId', ['IN_FILTER'], 'accepted partner addresses'),
    r.one('ipcClientId', ['IPC_CLIENT'], 'the link to the partner (hot standby object)'),
    r.many('conditionIds', ['CS_CONDITION'], 'hot standby role conditions created for this object'),
  ]),
  sortDefinition('OAUTH_CLIENT', 'OAuth client', 'Client credentials for an OAuth 2.0 token endpoint', [
    p.uri('tokenEndpoint', 'token endpoint', ['https'], 'https://login.microsoftonline.com/'),
    p.string('clientId', 'application / client id'),
    p.secret('clientSecret', 'client secret'),
    p.string('scope', 'requested scope', '', 1024),
  ], [r.one('httpClientId', ['HTTP_CLIENT'], 'HTTP settings of the token requests')]),
  sortDefinition('PROVISIONING_SERVER', 'provisioning server', 'Serves configuration files to SIP phones', [
    p.uri('baseUri', 'address phones fetch from', ['http', 'https'], 'https://localhost/provisioning'),
    p.string('username', 'user name of the phones'),
    p.secret('password', 'password of the phones'),
  ], [r.one('httpServerId', ['HTTP_SERVER'], 'connector serving the files')]),
  sortDefinition('LDAP_CONNECTION', 'LDAP connection', 'A connection to a directory server', [
    p.host('host', 'directory server', 'localhost', false),
    p.port('port', 'directory server port', 389),
    p.boolean('useTls', 'LDAPS / StartTLS', false),
    p.string('bindDn', 'distinguished name to bind as', '', 1024),
    p.secret('bindPassword', 'password of the bind DN'),
    p.string('baseDn', 'search base', '', 1024),
  ], [r.one('networkSecurityProfileId', ['INS_STACK'], 'TLS policy with useTls')]),
];
