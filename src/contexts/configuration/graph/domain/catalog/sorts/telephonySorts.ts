import {
  CONDITION_SORTS,
  DIRECTORY_SORTS,
  f,
  NODE_SORTS,
  p,
  r,
  sortDefinition,
  t,
  TRANSPORT_CONNECTION_SORTS,
  type SortDefinition,
} from '../SortDefinition.js';
import { REWRITE_RULE_FIELDS, ROUTE_RECORD } from './routeRecords.js';

export const FORWARDING_FLAGS: readonly string[] = [
  'ADDRESS',
  'ACTIVE_APPARENT_STATE',
  'DIVERSION',
  'USER_TO_USER',
  'REFER',
  'DTMF',
  'MESSAGE',
];

/** Nodes, routing, forwarding and rewriting, ISDN/CAPI, collaboration platform and route supervision. */
export const TELEPHONY_SORTS: readonly SortDefinition[] = [
  sortDefinition(
    'TELSIP_STACK',
    'node',
    'A SIP node: a system, provider or phone registrar the gateway routes sessions to and from',
    [
      p.boolean('enabled', 'the node takes part in routing', true),
      p.enumOf('nodeRole', 'what the node connects', ['SYSTEM', 'PROVIDER', 'SIP_PHONE_REGISTRAR'], 'SYSTEM'),
      p.enumOf('sipInterconnection', 'trunk or subscriber interconnection', ['TRUNK', 'SUBSCRIBER'], 'TRUNK'),
      p.integer('maxSessions', 'concurrent sessions; 0 for unlimited', 0, 100000, 0),
      p.host('tenantFqdn', 'tenant FQDN of a collaboration-platform node'),
    ],
    [
      r.requiredOne('sipUserAgentId', ['SIPUA_STACK'], 'SIP behaviour of the node'),
      r.many(
        'transportConnectionIds',
        TRANSPORT_CONNECTION_SORTS,
        "connections to the node's peers, in priority order",
      ),
      r.one('registrarId', ['TELSIPREG_REGISTRAR'], 'registrar of a SIP phone registrar node'),
      r.one('recorderId', ['REC_STACK'], "records the node's sessions"),
      r.one('conditionId', CONDITION_SORTS, 'the node works only while this condition holds'),
      r.one(
        'incomingDialStringRewritingId',
        ['TEL_REWRITE_DOMAIN'],
        'rewriting applied to sessions arriving from the node',
      ),
      r.one(
        'outgoingDialStringRewritingId',
        ['TEL_REWRITE_DOMAIN'],
        'rewriting applied to sessions leaving to the node',
      ),
    ],
  ),
  sortDefinition(
    'TEL_STACK',
    'telephony core',
    'Session limits and defaults of the telephony core',
    [
      p.integer('maxSessions', 'concurrent sessions of the gateway; 0 for the license limit', 0, 100000, 0),
      p.integer('setupTimeoutSeconds', 'time a session may take to connect', 5, 600, 180),
    ],
    [r.one('defaultRoutingDomainId', ['TELRT_STACK'], 'routing domain for nodes that name none')],
  ),
  sortDefinition(
    'TELFW_STACK',
    'telephony forwarding stack',
    'Which signaling is forwarded between the legs of a session',
    [
      p.enumOf('profile', 'forwarding profile', ['STANDARD', 'TRANSPARENT', 'MINIMAL'], 'STANDARD'),
      p.list(
        'signalingForwardingFromCallingToCalled',
        'flags forwarded from calling to called',
        t.enumOf(FORWARDING_FLAGS),
        ['ADDRESS'],
        16,
      ),
      p.list(
        'signalingForwardingFromCalledToCalling',
        'flags forwarded from called to calling',
        t.enumOf(FORWARDING_FLAGS),
        ['ADDRESS'],
        16,
      ),
      p.list('notifySipInfoFilters', 'SIP INFO packages forwarded', t.string(128, false), [], 32),
    ],
    [r.one('mediaNegotiationForwarderId', ['MNS_FORWARDER_DOMAIN'], 'media handling between the legs')],
  ),
  sortDefinition(
    'TELRT_FORWARDER_DOMAIN',
    'routing forward profile',
    'How a routed session is forwarded (announcements, early media, media path)',
    [
      p.boolean('announcementIncoming', 'play announcements to the caller', false),
      p.boolean('announcementOutgoing', 'play announcements to the called side', false),
      p.boolean('earlyMediaPassThrough', 'pass early media through', true),
      p.boolean('removeCoreFromSignalingPath', 'step out of the signaling path once connected', false),
    ],
    [r.one('telephonyForwardingStackId', ['TELFW_STACK'], 'signaling forwarding rules')],
  ),
  sortDefinition(
    'TELRT_STACK',
    'routing domain',
    'Routes sessions from source nodes to destination nodes',
    [
      p.list('routes', 'establishment routes, tried in order', ROUTE_RECORD, [], 1000),
      p.list('pathReplacementRoutes', 'routes for path replacement (transfers)', ROUTE_RECORD, [], 1000),
    ],
    [
      r.many('sourceNodeIds', NODE_SORTS, 'nodes whose sessions this domain routes'),
      r.derived('routeNodeIds', NODE_SORTS, 'destination nodes of the routes (derived from routes)'),
      r.derived('routeFilterNodeIds', NODE_SORTS, "source nodes named by the routes' filters (derived from routes)"),
      r.derived(
        'routeForwardProfileIds',
        ['TELRT_FORWARDER_DOMAIN'],
        'forward profiles of the routes (derived from routes)',
      ),
    ],
  ),
  sortDefinition('TEL_REWRITE_DOMAIN', 'dial string rewriting', 'Rules that rewrite dial strings', [
    p.list('rules', 'rewrite rules in order', t.record(REWRITE_RULE_FIELDS), [], 500),
  ]),
  sortDefinition(
    'TELELIN_DOMAIN',
    'emergency location (ELIN)',
    'Maps callers to emergency location identification numbers',
    [
      p.list(
        'elinMappings',
        'caller subnets and their ELIN',
        t.record([
          f.field('subnet', t.string(64, false), '0.0.0.0/0', 'caller subnet (address/prefix)'),
          f.field('elin', t.string(32, false, /^\+?\d{1,31}$/, 'a telephone number'), '0'),
        ]),
        [],
        1000,
      ),
    ],
  ),
  sortDefinition(
    'TELCAPIC_STACK',
    'CAPI client node',
    'A node on an ISDN CAPI controller',
    [
      p.boolean('enabled', 'the node takes part in routing', true),
      p.integer('controller', 'CAPI controller number', 1, 127, 1),
      p.integer('bChannels', 'B-channels used', 1, 30, 2),
    ],
    [r.one('capiControllerId', ['CAPIC_STACK'], 'the CAPI controller')],
  ),
  sortDefinition(
    'TELCAPIS_STACK',
    'CAPI server node',
    'A node serving CAPI applications',
    [
      p.boolean('enabled', 'the node takes part in routing', true),
      p.integer('maxApplications', 'registered CAPI applications', 1, 256, 16),
    ],
    [r.one('capiServerId', ['CAPIS_STACK'], 'the CAPI server')],
  ),
  sortDefinition('CAPIC_STACK', 'CAPI controller', 'Access to a local ISDN CAPI controller', [
    p.integer('controller', 'CAPI controller number', 1, 127, 1),
    p.enumOf('lineType', 'ISDN interface', ['BRI', 'PRI'], 'BRI'),
  ]),
  sortDefinition(
    'CAPIS_STACK',
    'CAPI server',
    'Remote CAPI served to applications over the network',
    [p.port('port', 'listening port', 2662)],
    [
      r.one('networkControllerId', ['IN_STACK'], 'interface the server binds to'),
      r.many('domainIds', ['CAPIS_DOMAIN'], 'CAPI domains served'),
    ],
  ),
  sortDefinition('CAPIS_DOMAIN', 'CAPI domain', 'Controllers and numbers a CAPI application sees', [
    p.list('msns', 'numbers assigned to the domain', t.string(32, false), [], 256),
  ]),
  sortDefinition(
    'TELUCMA_STACK',
    'UCMA node',
    'A node towards a Skype for Business / Lync front end (UCMA)',
    [
      p.boolean('enabled', 'the node takes part in routing', true),
      p.host('frontEndPool', 'front-end pool FQDN', 'localhost', false),
      p.string('applicationId', 'trusted application id'),
    ],
    [
      r.one('sipTransportId', ['SIPST_STACK'], 'listeners of the node'),
      r.one('ipcClientId', ['IPC_CLIENT'], 'link to the UCMA application host'),
    ],
  ),
  sortDefinition(
    'TELWEBRTC_STACK',
    'WebRTC node',
    'A node for browser clients',
    [
      p.boolean('enabled', 'the node takes part in routing', true),
      p.integer('maxSessions', 'concurrent sessions; 0 for unlimited', 0, 100000, 0),
    ],
    [r.requiredOne('webrtcServerId', ['WEBRTC_STACK'], 'the WebRTC server')],
  ),
  sortDefinition(
    'TELCOLLAB_STACK',
    'collaboration platform node',
    'A node towards a cloud team-collaboration platform',
    [
      p.boolean('enabled', 'the node takes part in routing', true),
      p.enumOf(
        'connectivity',
        'direct routing or carrier mode',
        ['DIRECT_ROUTING', 'CARRIER', 'SBA'],
        'DIRECT_ROUTING',
      ),
      p.host('sbcFqdn', 'FQDN of this gateway as the platform knows it'),
    ],
    [
      r.many('tenantIds', ['TELCOLLAB_TENANT'], 'tenants served'),
      r.one('sipUserAgentId', ['SIPUA_STACK'], 'SIP behaviour towards the platform'),
      r.many('transportConnectionIds', TRANSPORT_CONNECTION_SORTS, 'connections to the platform (cloud)'),
      r.one('sbaSipNodeId', ['TELSIP_STACK'], 'SIP node towards the survivable branch appliance (connectivity SBA)'),
    ],
  ),
  sortDefinition(
    'TELCOLLAB_TENANT',
    'collaboration tenant',
    'One tenant of the collaboration platform',
    [p.string('tenantId', 'tenant id'), p.host('tenantFqdn', 'tenant FQDN')],
    [r.one('graphClientId', ['COLLAB_GRAPH_CLIENT'], 'directory access of the tenant')],
  ),
  sortDefinition(
    'COLLAB_GRAPH_CLIENT',
    'collaboration directory client',
    "Reads users of a tenant through the platform's graph API",
    [
      p.uri('graphEndpoint', 'graph API address', ['https'], 'https://graph.microsoft.com/'),
      p.integer('refreshMinutes', 'how often users are read', 1, 1440, 60),
    ],
    [r.one('oauthClientId', ['OAUTH_CLIENT'], 'credentials of the graph requests')],
  ),
  sortDefinition(
    'USRRT_ROUTE_SV',
    'directory route supervision',
    'Lets a route match only users found in a directory',
    [p.enumOf('lookupField', 'directory attribute matched', ['PHONE_NUMBER', 'SIP_URI', 'EXTENSION'], 'PHONE_NUMBER')],
    [r.one('directoryId', DIRECTORY_SORTS, 'the directory')],
  ),
  sortDefinition('NUMVALRT_ROUTE_SV', 'number validation route supervision', 'Lets a route match only valid numbers', [
    p.string('pattern', 'regular expression of valid numbers', '^\\+?[0-9]+$', 1024),
  ]),
  sortDefinition(
    'RESTRT_ROUTE_SV',
    'REST route supervision',
    'Asks a web service whether a route may be used',
    [
      p.uri('requestUri', 'web service address', ['http', 'https'], 'https://localhost/route', false),
      p.integer('timeoutMilliseconds', 'time to wait for the answer', 50, 30000, 2000),
      p.enumOf('onTimeout', 'decision when the service does not answer', ['ACCEPT', 'REJECT'], 'ACCEPT'),
    ],
    [r.one('httpClientId', ['HTTP_CLIENT'], 'HTTP settings of the requests')],
  ),
];
