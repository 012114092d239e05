import type { ConfigObject, ParameterValue } from '../../graph/domain/ConfigObject.js';
import type { GraphView } from '../../graph/domain/GraphView.js';
import { DIRECTORY_SORTS, TRANSPORT_CONNECTION_SORTS } from '../../graph/domain/catalog/SortDefinition.js';
import { SortCatalog } from '../../graph/domain/catalog/SortCatalog.js';
import type { ObjectSort } from '../../graph/domain/ObjectSort.js';
import { transportOf, userAgentOf } from '../../nodes/domain/NodeMapper.js';
import { NODE_CONNECTIONS_SLOT } from '../../transport/domain/TransportConnectionMapper.js';
import type {
  PlanCredentials,
  PlanMedia,
  PlanNodeSip,
  PlanRegistrar,
  PlanSessionTimer,
  RegistrarAcceptPolicy,
  ReliableProvisionals,
} from './GatewayPlan.js';
import { identityOf } from './planIdentity.js';
import { peersOf } from './planPeers.js';
import { websocketOf } from './planWebSocket.js';
import { supervisionOf } from './planSupervision.js';

/** What a node without a SIP transport (or without a value) gets. */
export const SIP_DEFAULTS = Object.freeze({
  tlsPort: 5061,
  maxMessageBytes: 65535,
  rtpFirstPort: 40000,
  rtpLastPort: 49999,
  mediaTimeoutSeconds: 0,
  userAgent: 'gwsim',
  sessionExpiresSeconds: 1800,
});

/** The smallest session interval (Min-SE) a node takes: RFC 4028 section 4's least, 90 seconds. */
export const MIN_SESSION_EXPIRES_SECONDS = 90;

/** How many users a number range directory may contribute: a range is a list of numbers, not a pattern. */
const MAX_RANGE_USERS = 10_000;
const MAX_DEPTH = 4;

function first(
  graph: GraphView,
  object: ConfigObject | undefined,
  slot: string,
  sorts?: readonly ObjectSort[],
): ConfigObject | undefined {
  const found = graph.get(object?.referencesIn(slot)[0] ?? '');
  return found && (!sorts || sorts.includes(found.sort)) ? found : undefined;
}

/** The object's value of `name`, else the catalog's default for its sort, else `fallback`. */
function value(object: ConfigObject, name: string): ParameterValue | undefined {
  return object.parameters[name] ?? SortCatalog.defaults(object.sort)[name];
}

function text(object: ConfigObject | undefined, name: string): string {
  const found = object ? value(object, name) : undefined;
  return typeof found === 'string' ? found : '';
}

function flag(object: ConfigObject | undefined, name: string, fallback: boolean): boolean {
  const found = object ? value(object, name) : undefined;
  return typeof found === 'boolean' ? found : fallback;
}

function whole(object: ConfigObject | undefined, name: string, fallback: number): number {
  const found = object ? value(object, name) : undefined;
  return typeof found === 'number' && Number.isInteger(found) ? found : fallback;
}

/**
 * The credentials the node's first transport connection answers challenges with (a load balancer's: those of its
 * first member that has some); undefined when it does not authenticate or names no credentials.
 */
function credentialsOf(graph: GraphView, connection: ConfigObject | undefined, depth = 0): PlanCredentials | undefined {
  if (!connection || depth > MAX_DEPTH) return undefined;
  if (connection.sort === 'AN_SIPLB_STACK') {
    for (const memberId of connection.referencesIn('transportConnectionIds')) {
      const found = credentialsOf(graph, graph.get(memberId), depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (!flag(connection, 'authenticationEnabled', false)) return undefined;
  const credentials = first(graph, connection, 'credentialsId', ['SIPAUTH_STACK']);
  if (!credentials || text(credentials, 'username') === '') return undefined;
  const authorizationUsername = text(credentials, 'authorizationUsername');
  const realm = text(credentials, 'realm');
  return {
    username: text(credentials, 'username'),
    password: text(credentials, 'password'),
    authorizationUsername: authorizationUsername || undefined,
    realm: realm || undefined,
  };
}

/** The RTP range of the controller media binds to (the media negotiation's, else the transport's), the RTP timeout, the codecs. */
function mediaOf(
  graph: GraphView,
  userAgent: ConfigObject | undefined,
  transport: ConfigObject | undefined,
): PlanMedia {
  const negotiation = first(graph, userAgent, 'mediaNegotiationId', ['MNS_STACK']);
  const controller =
    first(graph, negotiation, 'networkControllerId', ['IN_STACK']) ??
    first(graph, transport, 'networkControllerId', ['IN_STACK']);
  let firstPort = whole(controller, 'rtpFirstPort', SIP_DEFAULTS.rtpFirstPort);
  let lastPort = whole(controller, 'rtpLastPort', SIP_DEFAULTS.rtpLastPort);
  // The catalog checks each port, not their order: a range given backwards is the default range.
  if (firstPort < 1 || lastPort > 65535 || firstPort > lastPort)
    [firstPort, lastPort] = [SIP_DEFAULTS.rtpFirstPort, SIP_DEFAULTS.rtpLastPort];
  const options = first(graph, negotiation, 'mediaTranscodingOptionsId', ['MEDIA_PUMP_DOMAIN']);
  const codecs = options ? value(options, 'audioCodecs') : undefined;
  return {
    firstPort,
    lastPort,
    timeoutSeconds: Math.max(0, whole(negotiation, 'rtpTimeoutSeconds', SIP_DEFAULTS.mediaTimeoutSeconds)),
    audioCodecs: Array.isArray(codecs)
      ? Object.freeze(codecs.filter((c): c is string => typeof c === 'string'))
      : undefined,
  };
}

/** The user part of a SIP URI (`sip:100@pbx.example` → `100`); empty when it has none. */
function uriUser(uri: string): string {
  const match = /^sips?:([^@;?]+)@/i.exec(uri.trim());
  return match ? decodeURIComponent(match[1]!) : '';
}

/** The numbers of a range of equal-length digit strings (`100`–`199`), at most `room` of them. */
function rangeNumbers(firstNumber: string, lastNumber: string, room: number): string[] {
  const prefix = firstNumber.startsWith('+') ? '+' : '';
  const from = firstNumber.slice(prefix.length);
  const to = lastNumber.startsWith(prefix) ? lastNumber.slice(prefix.length) : lastNumber;
  if (!/^\d{1,15}$/.test(from) || !/^\d{1,15}$/.test(to) || from.length !== to.length) return [];
  const numbers: string[] = [];
  for (let n = Number(from); n <= Number(to) && numbers.length < room; n += 1)
    numbers.push(`${prefix}${String(n).padStart(from.length, '0')}`);
  return numbers;
}

/**
 * The names phones may register under, from the directories the simulator can read without a server: the local
 * directory's users, the numbers of a number range directory, and the members of an aggregate directory. An
 * LDAP, cloud or registered-users directory contributes none.
 */
function directoryUsers(
  graph: GraphView,
  directory: ConfigObject | undefined,
  users: Map<string, string | undefined>,
  depth = 0,
): void {
  if (!directory || depth > MAX_DEPTH) return;
  switch (directory.sort) {
    case 'USRDB_DIRECTORY': {
      const list = value(directory, 'users');
      for (const user of Array.isArray(list) ? list : []) {
        if (!user || typeof user !== 'object' || Array.isArray(user)) continue;
        const fields = user as { readonly [key: string]: ParameterValue };
        const names = [
          fields['name'],
          typeof fields['sipUri'] === 'string' ? uriUser(fields['sipUri']) : '',
          fields['extension'],
          fields['phoneNumber'],
        ];
        for (const name of names) if (typeof name === 'string' && name.trim() !== '') users.set(name.trim(), undefined);
      }
      return;
    }
    case 'USRTEL_DIRECTORY': {
      const ranges = value(directory, 'numberRanges');
      for (const range of Array.isArray(ranges) ? ranges : []) {
        if (!range || typeof range !== 'object' || Array.isArray(range)) continue;
        const { firstNumber, lastNumber } = range as { readonly [key: string]: ParameterValue };
        if (typeof firstNumber !== 'string' || typeof lastNumber !== 'string') continue;
        for (const number of rangeNumbers(firstNumber, lastNumber, MAX_RANGE_USERS)) users.set(number, undefined);
      }
      return;
    }
    case 'USRAGG_DIRECTORY':
      for (const id of directory.referencesIn('directoryIds')) directoryUsers(graph, graph.get(id), users, depth + 1);
      return;
    default:
      return;
  }
}

const ACCEPT_POLICIES: readonly RegistrarAcceptPolicy[] = ['ALWAYS', 'DIRECTORY', 'NEVER'];

/** Whether a transport connection uses the credentials object: then they are a trunk's, never a phone's. */
function trunkCredentials(graph: GraphView, credentials: ConfigObject): boolean {
  return graph.referrersOf(credentials.id).some((referrer) => TRANSPORT_CONNECTION_SORTS.includes(referrer.sort));
}

/**
 * The password of each name the lab's SIP credentials objects (SIPAUTH_STACK) give, for phones registering in
 * `domain`: a credentials object speaks for its user name and its authorization user name. One whose realm names
 * another domain does not apply; one whose realm is the domain wins over one without a realm, and among equals the
 * first by display name, then id, does (the graph's order), so the choice never depends on the order of edits.
 * The credentials a transport connection answers its peer's challenges with are the gateway's own towards a trunk:
 * they never register a phone.
 */
function registrarPasswords(graph: GraphView, domain: string): Map<string, string> {
  const exact = new Map<string, string>();
  const anyRealm = new Map<string, string>();
  for (const credentials of graph.ofSort('SIPAUTH_STACK')) {
    if (trunkCredentials(graph, credentials)) continue;
    const realm = text(credentials, 'realm').trim();
    const into = realm === '' ? anyRealm : realm.toLowerCase() === domain.toLowerCase() ? exact : undefined;
    if (!into) continue;
    const password = text(credentials, 'password');
    for (const name of [text(credentials, 'username').trim(), text(credentials, 'authorizationUsername').trim()]) {
      if (name !== '' && !into.has(name)) into.set(name, password);
    }
  }
  for (const [name, password] of anyRealm) if (!exact.has(name)) exact.set(name, password);
  return exact;
}

/**
 * The registrar of a SIP phone registrar node: the registrar object its registrarId names (a node of that role
 * without one gets the catalog's defaults); undefined for a node of another role that names no registrar. Its
 * users are the names of its directory, each with the password of the credentials object of that name (see
 * registrarPasswords); with the ALWAYS policy, every name a credentials object gives as well.
 */
function registrarOf(
  graph: GraphView,
  node: ConfigObject,
  transport: ConfigObject | undefined,
  hostname: string,
): PlanRegistrar | undefined {
  const object = first(graph, node, 'registrarId', ['TELSIPREG_REGISTRAR']);
  // a WebRTC node registers its browsers as a registrar node without a registrar object does (docs/sip.md)
  if (!object && text(node, 'nodeRole') !== 'SIP_PHONE_REGISTRAR' && node.sort !== 'TELWEBRTC_STACK') return undefined;
  const defaults = SortCatalog.defaults('TELSIPREG_REGISTRAR');
  const read = (name: string): ParameterValue | undefined => object?.parameters[name] ?? defaults[name];
  const policy = read('acceptPolicy');
  const minExpires = read('minExpiresSeconds');
  const maxExpires = read('maxExpiresSeconds');
  const min = typeof minExpires === 'number' ? minExpires : 60;
  const max = typeof maxExpires === 'number' ? maxExpires : 3600;
  const acceptPolicy = ACCEPT_POLICIES.includes(policy as RegistrarAcceptPolicy)
    ? (policy as RegistrarAcceptPolicy)
    : 'ALWAYS';
  const domain =
    (typeof read('sipDomain') === 'string' ? (read('sipDomain') as string) : '') ||
    text(transport, 'sipDomain') ||
    hostname;
  // The directory says who may register, the credentials objects with which password (a name without one can
  // register only where no challenge is made). Where every phone is accepted, every credentials object is a user.
  const users = new Map<string, string | undefined>();
  directoryUsers(graph, first(graph, object, 'directoryId', DIRECTORY_SORTS), users);
  const passwords = registrarPasswords(graph, domain);
  for (const name of users.keys()) users.set(name, passwords.get(name));
  if (acceptPolicy === 'ALWAYS')
    for (const [name, password] of passwords) if (users.get(name) === undefined) users.set(name, password);
  return {
    domain,
    acceptPolicy,
    minExpiresSeconds: Math.min(min, max),
    maxExpiresSeconds: Math.max(min, max),
    authenticationRequired: read('authenticationRequired') !== false,
    users,
  };
}

/**
 * The user agent's session timers (RFC 4028): sessionTimerEnabled and sessionExpiresSeconds (the catalog keeps it in
 * 90..86400; a value below Min-SE is raised to it). A node without a user agent runs them with the catalog's defaults.
 */
function sessionTimerOf(userAgent: ConfigObject | undefined): PlanSessionTimer {
  const expires = whole(userAgent, 'sessionExpiresSeconds', SIP_DEFAULTS.sessionExpiresSeconds);
  return Object.freeze({
    enabled: flag(userAgent, 'sessionTimerEnabled', true),
    expiresSeconds: Math.max(expires, MIN_SESSION_EXPIRES_SECONDS),
    minSeconds: MIN_SESSION_EXPIRES_SECONDS,
  });
}

/** The user agent's reliableProvisionalResponses (SUPPORTED for a node without a user agent or a known value). */
function reliableProvisionalsOf(userAgent: ConfigObject | undefined): ReliableProvisionals {
  const found = text(userAgent, 'reliableProvisionalResponses');
  return found === 'REQUIRED' || found === 'DISABLED' ? found : 'SUPPORTED';
}

/**
 * What a node needs on the wire (see PlanNodeSip). `localPort` is the port the plan gives the node (its
 * transport's, or 5060): a node without a transport listens on UDP and TCP there.
 */
export function planNodeSip(graph: GraphView, node: ConfigObject, localPort: number, hostname: string): PlanNodeSip {
  const webrtc = websocketOf(graph, node);
  // a WebRTC node's signalling is its WebRTC server's (the user agent's slots it shares: mediaNegotiationId)
  const userAgent = webrtc ? webrtc.server : userAgentOf(graph, node);
  const transport = transportOf(graph, node);
  const identity = identityOf(graph, transport);
  const port = (name: string, fallback: number): number => {
    const found = whole(transport, name, fallback);
    return found >= 1 && found <= 65535 ? found : fallback;
  };
  const maxMessageBytes = whole(transport, 'maxMessageSize', SIP_DEFAULTS.maxMessageBytes);
  const connection = graph.get(node.referencesIn(NODE_CONNECTIONS_SLOT)[0] ?? '');
  const credentials = credentialsOf(graph, connection);
  const registrar = registrarOf(graph, node, transport, hostname);
  const peers = peersOf(graph, transport, first(graph, userAgent, 'mediaNegotiationId', ['MNS_STACK']));
  // frozen like the rest of the plan: every call of the lab reads it
  return Object.freeze({
    // a WebRTC node listens on its WebSocket only: it has no SIP transport of its own
    udp: node.sort !== 'TELWEBRTC_STACK' && flag(transport, 'udpEnabled', true),
    tcp: node.sort !== 'TELWEBRTC_STACK' && flag(transport, 'tcpEnabled', true),
    tls: transport !== undefined && flag(transport, 'tlsEnabled', true) && identity !== undefined,
    udpTcpPort: port('udpTcpPort', localPort),
    tlsPort: port('tlsPort', SIP_DEFAULTS.tlsPort),
    maxMessageBytes: maxMessageBytes > 0 ? maxMessageBytes : SIP_DEFAULTS.maxMessageBytes,
    tcpPorts: Object.freeze({ first: port('tcpFirstPort', 9000), last: port('tcpLastPort', 12000) }),
    natTraversal: (transport?.referencesIn('networkMappingId').length ?? 0) > 0,
    identity: identity && Object.freeze(identity),
    credentials: credentials && Object.freeze(credentials),
    media: Object.freeze(mediaOf(graph, userAgent, transport ?? webrtc?.listener)),
    userAgent: text(userAgent, 'userAgentHeader') || SIP_DEFAULTS.userAgent,
    reliableProvisionals: reliableProvisionalsOf(userAgent),
    sessionTimer: sessionTimerOf(userAgent),
    registrar: registrar && Object.freeze(registrar),
    peers,
    supervision: supervisionOf(graph, connection, userAgent),
    ...(webrtc ? { websocket: webrtc.plan } : {}),
  });
}
