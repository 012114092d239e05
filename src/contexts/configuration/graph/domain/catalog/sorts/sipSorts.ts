import {
  CONDITION_SORTS,
  DIRECTORY_SORTS,
  f,
  NETWORK_MAPPING_SORTS,
  p,
  r,
  sortDefinition,
  t,
  TRANSPORT_CONNECTION_SORTS,
  type ParameterDefinition,
  type SortDefinition,
} from '../SortDefinition.js';

const SIP_URI = ['sip', 'sips'];
const SIP_STATUS_CODES = /^\s*\d{3}(\s*-\s*\d{3})?(\s*,\s*\d{3}(\s*-\s*\d{3})?)*\s*$/;
const STATUS_CODES_HINT = 'SIP status codes and ranges joined by commas, such as 408,480-486,500-599';

/** How a request router treats one of its edges: Record-Route, topology hiding, the Max-Forwards it sends. */
function sideOptions(name: string, description: string): ParameterDefinition {
  return {
    name,
    description,
    private: false,
    type: t.record([
      f.field('recordRoute', t.boolean(), true, 'insert a Record-Route header so in-dialog requests pass the router'),
      f.field('topologyHiding', t.boolean(), false, 'replace Via, Contact and Record-Route values of the other edge'),
      f.field('maxForwards', t.integer(1, 255), 70, 'Max-Forwards of requests sent towards this edge'),
    ]),
    default: { recordRoute: true, topologyHiding: false, maxForwards: 70 },
  };
}

/** SIP objects: transports, user agents, credentials, transport connections, load balancers, routers, registrars. */
export const SIP_SORTS: readonly SortDefinition[] = [
  sortDefinition(
    'SIPST_STACK',
    'SIP transport',
    'SIP listeners (UDP, TCP, TLS) on a network controller',
    [
      p.boolean('udpEnabled', 'listen on UDP', true),
      p.boolean('tcpEnabled', 'listen on TCP', true),
      p.boolean('tlsEnabled', 'listen on TLS', true),
      p.port('udpTcpPort', 'UDP and TCP port', 5060),
      p.port('tlsPort', 'TLS port', 5061),
      p.port('tcpFirstPort', 'first local port of outgoing TCP/TLS connections', 9000),
      p.port('tcpLastPort', 'last local port of outgoing TCP/TLS connections', 12000),
      p.host('sipDomain', 'SIP domain of this transport'),
      p.integer('maxMessageSize', 'largest SIP message accepted, in bytes', 1024, 65535, 65535),
    ],
    [
      r.requiredOne('networkControllerId', ['IN_STACK'], 'interface the listeners bind to'),
      r.one('networkSecurityProfileId', ['INS_STACK'], 'TLS policy'),
      r.one('networkMappingId', NETWORK_MAPPING_SORTS, 'NAT traversal'),
      r.one('networkPeerWhitelistId', ['IN_FILTER'], 'peers accepted'),
      r.one('qosProfileId', ['IN_QOS_STACK'], 'packet marking'),
    ],
  ),
  sortDefinition(
    'SIPUA_STACK',
    'SIP user agent',
    'SIP dialog behaviour of a node',
    [
      p.string('userAgentHeader', 'User-Agent and Server header value', 'anynode'),
      p.boolean('sessionTimerEnabled', 'use session timers (RFC 4028)', true),
      p.integer('sessionExpiresSeconds', 'session timer interval', 90, 86400, 1800),
      p.enumOf('reliableProvisionalResponses', 'PRACK (RFC 3262)', ['SUPPORTED', 'REQUIRED', 'DISABLED'], 'SUPPORTED'),
      p.integer('optionsIntervalSeconds', 'OPTIONS keep-alive interval; 0 disables', 0, 3600, 60),
      p.boolean('earlyMedia', 'accept and send early media', true),
      p.host('overrideHostname', 'host name used in Contact and Via instead of the address'),
    ],
    [
      r.requiredOne('sipTransportId', ['SIPST_STACK'], 'listeners of the user agent'),
      r.one('mediaNegotiationId', ['MNS_STACK'], 'SDP offer/answer behaviour'),
    ],
  ),
  sortDefinition('SIPAUTH_STACK', 'SIP credentials', 'Digest credentials for authenticating at a peer', [
    p.string('username', 'user name', '', 255),
    p.secret('password', 'password'),
    p.string('authorizationUsername', 'authorization user name when it differs'),
    p.string('realm', 'realm the credentials apply to; empty for any'),
  ]),
  sortDefinition(
    'AN_SIPRT_ROUTE',
    'standard transport connection',
    'A SIP connection to a proxy or peer, with optional registration',
    [
      p.uri('proxyIri', 'the proxy or peer', SIP_URI, 'sip:localhost', false),
      p.boolean('proxyOptions', 'send OPTIONS to the proxy', true),
      p.boolean('optionsNextHop', 'send OPTIONS to the next hop', false),
      p.boolean('omitInitialRouteSet', 'omit the initial Route header', false),
      p.boolean('flow', 'keep a flow (RFC 5626) to the proxy', false),
      p.boolean('authenticationEnabled', 'authenticate at the peer', false),
      p.enumOf('authenticationPolicy', 'when to authenticate', ['ON_CHALLENGE', 'ALWAYS'], 'ON_CHALLENGE'),
      p.uri('registrationSipDomain', 'domain to register at; empty for no registration', SIP_URI),
      p.uri('addressOfRecord', 'address of record of the registration', SIP_URI),
      p.uri('assertedAddress', 'P-Asserted-Identity sent to the peer', [...SIP_URI, 'tel']),
      p.string('assertedDisplayName', 'display name sent with the asserted identity'),
    ],
    [
      r.one('credentialsId', ['SIPAUTH_STACK'], 'credentials used when authenticating'),
      r.one('conditionId', CONDITION_SORTS, 'the connection only works while this condition holds'),
    ],
  ),
  sortDefinition(
    'SIPRT_PLAIN_ROUTE',
    'plain transport connection',
    'A SIP connection straight to a destination, no proxy logic',
    [
      p.uri('destinationIri', 'where requests go', SIP_URI, 'sip:localhost', false),
      p.enumOf('transport', 'transport protocol', ['UDP', 'TCP', 'TLS'], 'UDP'),
      p.boolean('authenticationEnabled', 'authenticate at the peer', false),
      p.uri('assertedAddress', 'P-Asserted-Identity sent to the peer', [...SIP_URI, 'tel']),
      p.string('assertedDisplayName', 'display name sent with the asserted identity'),
    ],
    [
      r.one('credentialsId', ['SIPAUTH_STACK'], 'credentials used when authenticating'),
      r.one('conditionId', CONDITION_SORTS, 'the connection only works while this condition holds'),
    ],
  ),
  sortDefinition(
    'AN_SIPLB_STACK',
    'load balancer',
    'A transport connection spreading sessions over other connections',
    [
      p.enumOf('distribution', 'how targets are chosen', ['ROUND_ROBIN', 'PRIORITY', 'RANDOM'], 'PRIORITY'),
      p.text(
        'failoverSipStatusCodes',
        'responses that move on to the next target',
        t.string(255, true, SIP_STATUS_CODES, STATUS_CODES_HINT),
        '408,500-599',
      ),
      p.boolean('failoverOnTimeout', 'move on when a target does not answer', true),
    ],
    [
      r.many('transportConnectionIds', TRANSPORT_CONNECTION_SORTS, 'the balanced connections, in priority order'),
      r.one('conditionId', CONDITION_SORTS, 'the connection only works while this condition holds'),
    ],
  ),
  sortDefinition(
    'SIPLB_STACK',
    'SIP load balancing engine',
    'Health supervision shared by load-balancing connections',
    [
      p.integer('healthCheckIntervalSeconds', 'OPTIONS probe interval', 1, 3600, 30),
      p.integer('recoveryProbes', 'successful probes before a target is used again', 1, 100, 3),
    ],
    [r.many('targetIds', TRANSPORT_CONNECTION_SORTS, 'supervised connections')],
  ),
  sortDefinition(
    'SIPUA_REGISTRATION',
    'SIP registration',
    'A registration at a registrar, usable as a transport connection',
    [
      p.uri('registrarIri', 'the registrar', SIP_URI, 'sip:localhost', false),
      p.uri('addressOfRecord', 'address of record registered', SIP_URI, 'sip:user@localhost', false),
      p.integer('expiresSeconds', 'requested registration lifetime', 60, 86400, 3600),
      p.string('contactUser', 'user part of the Contact; empty for the AOR user'),
      p.boolean('authenticationEnabled', 'authenticate at the registrar', false),
      p.uri('assertedAddress', 'P-Asserted-Identity sent through the registration', [...SIP_URI, 'tel']),
      p.string('assertedDisplayName', 'display name sent with the asserted identity'),
    ],
    [
      r.one('credentialsId', ['SIPAUTH_STACK'], 'credentials for the registrar'),
      r.one('conditionId', CONDITION_SORTS, 'registers only while this condition holds'),
    ],
  ),
  sortDefinition(
    'SRVLB_STACK',
    'SRV load balancer',
    'A transport connection resolving targets through DNS SRV',
    [
      p.host('domain', 'SIP domain whose SRV records are resolved', 'localhost', false),
      p.enumOf('service', 'SRV service', ['_sip._udp', '_sip._tcp', '_sips._tcp'], '_sip._udp'),
      p.integer('refreshSeconds', 'how often records are resolved again', 10, 86400, 300),
      p.boolean('authenticationEnabled', 'authenticate at the resolved targets', false),
      p.uri('assertedAddress', 'P-Asserted-Identity sent to the targets', [...SIP_URI, 'tel']),
      p.string('assertedDisplayName', 'display name sent with the asserted identity'),
    ],
    [
      r.one('credentialsId', ['SIPAUTH_STACK'], 'credentials used when authenticating'),
      r.one('conditionId', CONDITION_SORTS, 'the connection only works while this condition holds'),
    ],
  ),
  sortDefinition(
    'SIPPX_STACK',
    'request router',
    'Routes SIP requests between two edges without terminating them',
    [
      p.enumOf(
        'forwardingMode',
        'which way requests are routed',
        ['BI_DIRECTIONAL', 'PRIMARY_TO_SECONDARY_EDGE', 'SECONDARY_TO_PRIMARY_EDGE', 'DISABLED'],
        'BI_DIRECTIONAL',
      ),
      p.boolean('useLocalNode', 'route to the local node as well', false),
      p.list('routingTargets', 'SIP URIs requests are routed to', t.uri(SIP_URI, false), [], 64),
      p.port('udpFirstPort', 'first local UDP port of forwarded requests', 9000),
      p.port('udpLastPort', 'last local UDP port of forwarded requests', 12000),
      sideOptions('primarySideOptions', 'behaviour towards the primary (incoming) edge'),
      sideOptions('secondarySideOptions', 'behaviour towards the secondary (outgoing) edge'),
    ],
    [
      r.one('incomingEdgeSipTransportId', ['SIPST_STACK'], 'primary edge'),
      r.one('outgoingEdgeSipTransportId', ['SIPST_STACK'], 'secondary edge'),
      r.many('transportConnectionIds', TRANSPORT_CONNECTION_SORTS, 'routes of the router'),
      r.one('operationalStateConditionId', CONDITION_SORTS, 'the router works only while this condition holds'),
    ],
  ),
  sortDefinition(
    'TELSIPREG_REGISTRAR',
    'SIP registrar',
    'Accepts registrations of SIP phones',
    [
      p.host('sipDomain', 'domain phones register in'),
      p.enumOf('acceptPolicy', 'which registrations are accepted', ['ALWAYS', 'DIRECTORY', 'NEVER'], 'ALWAYS'),
      p.integer('minExpiresSeconds', 'shortest registration accepted', 30, 86400, 60),
      p.integer('maxExpiresSeconds', 'longest registration granted', 60, 604800, 3600),
      p.boolean('authenticationRequired', 'challenge registering phones', true),
    ],
    [
      r.one('directoryId', DIRECTORY_SORTS, 'users allowed to register'),
      r.one('sipTransportId', ['SIPST_STACK'], 'listeners phones register on'),
    ],
  ),
  sortDefinition(
    'WEBSOCKET_STACK',
    'WebSocket listener',
    'SIP over WebSocket (RFC 7118)',
    [
      p.port('port', 'listening port', 8089),
      p.string('path', 'request path', '/ws', 255),
      p.boolean('secure', 'WSS (TLS)', true),
    ],
    [
      r.requiredOne('networkControllerId', ['IN_STACK'], 'interface the listener binds to'),
      r.one('networkSecurityProfileId', ['INS_STACK'], 'TLS policy with secure'),
    ],
  ),
  sortDefinition(
    'WEBRTC_STACK',
    'WebRTC server',
    'ICE, DTLS-SRTP and signaling for browsers',
    [
      p.list(
        'iceServers',
        'STUN/TURN servers offered to browsers',
        t.uri(['stun', 'stuns', 'turn', 'turns'], false),
        [],
        16,
      ),
      p.boolean('iceLite', 'ICE lite', true),
    ],
    [
      r.one('websocketId', ['WEBSOCKET_STACK'], 'signaling listener'),
      r.one('mediaNegotiationId', ['MNS_STACK'], 'SDP behaviour'),
    ],
  ),
];
