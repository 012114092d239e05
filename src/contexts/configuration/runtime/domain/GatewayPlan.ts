import type { LabId } from '../../../../shared/domain/LabId.js';
import type { ObjectSort } from '../../graph/domain/ObjectSort.js';
import type { RewritingPlan } from '../../rewriting/domain/compiled/RewritingPlan.js';
import type { RouteMatch, RoutingCall } from '../../routing/domain/compiled/RoutingPlan.js';
import type { RouteSpec } from '../../routing/domain/RouteModel.js';

export type SipTransportProtocol = 'UDP' | 'TCP' | 'TLS';

/** A SIP address: host (IPv4 address or name), port and transport. */
export interface SipEndpoint {
  readonly host: string;
  readonly port: number;
  readonly transport: SipTransportProtocol;
  /**
   * The IPv4 address packets go to: the host itself when it is an IPv4 address, otherwise the address the
   * lab's simulated name service gives the name — stable, in 203.0.113.0/24 (TEST-NET-3), see simulatedAddress.
   */
  readonly address: string;
}

/** A node of the committed configuration, as the session simulator needs it. */
export interface PlanNode {
  readonly id: string;
  readonly displayName: string;
  readonly sort: ObjectSort;
  readonly enabled: boolean;
  /** Where the gateway listens for this node: its network controller's address, its SIP port and transport. */
  readonly local: SipEndpoint;
  /** The host name in the node's URIs (its user agent's override host name, else local.host). */
  readonly hostname: string;
  /**
   * The far end the node talks to: its first transport connection's destination or proxy (port 5060 when the
   * address names none); undefined when the node has no transport connection (a phone registrar, say).
   */
  readonly remote: SipEndpoint | undefined;
  /** The node's dial string rewritings (TELSIP_STACK incoming/outgoing slots); undefined where none is set. */
  readonly incomingRewriting: RewritingPlan | undefined;
  readonly outgoingRewriting: RewritingPlan | undefined;
  /** What the node needs on the wire when the lab carries real SIP: listeners, identity, credentials, media, registrar. */
  readonly sip: PlanNodeSip;
  /** The node's transport connections (transportConnectionIds) in order: the first is the one the gateway watches. */
  readonly connections: readonly PlanConnection[];
}

/** A transport connection of a node: its id, its name and the URI it points at (the far end, as configured). */
export interface PlanConnection {
  readonly id: string;
  readonly displayName: string;
  /** The proxy, destination, registrar or SRV domain; a load balancer's first member's (empty: none named). */
  readonly targetIri: string;
}

/** A certificate the gateway holds (a digital identity's own, CRY_X509_STACK): its common name and when it ends. */
export interface PlanCertificate {
  readonly objectId: string;
  readonly displayName: string;
  /** The subject's CN (the whole subject when it has none). */
  readonly commonName: string;
  readonly notAfter: Date;
}

/**
 * Session timers (RFC 4028) as a node's user agent (SIPUA_STACK) sets them: whether the node runs them
 * (sessionTimerEnabled), the session interval it asks for (sessionExpiresSeconds, Session-Expires) and the smallest
 * it takes (Min-SE: 90, the least RFC 4028 section 4 allows).
 */
export interface PlanSessionTimer {
  readonly enabled: boolean;
  readonly expiresSeconds: number;
  readonly minSeconds: number;
}

/** A certificate (PEM, its chain appended) and the private key (PEM) a TLS listener presents. */
export interface PlanIdentity {
  readonly certificatePem: string;
  readonly privateKeyPem: string;
}

/** Digest credentials a node answers its peer's 401/407 challenges with. */
export interface PlanCredentials {
  readonly username: string;
  readonly password: string;
  readonly authorizationUsername: string | undefined;
  readonly realm: string | undefined;
}

/**
 * How the gateway watches a node's trunk (its first transport connection): OPTIONS keep-alives toward its peer
 * every `keepAliveSeconds` (0: none; AN_SIPRT_ROUTE proxyOptions with the user agent's optionsIntervalSeconds), and
 * a registration at the peer (undefined: none).
 */
export interface PlanSupervision {
  readonly keepAliveSeconds: number;
  readonly registration: PlanRegistration | undefined;
}

/** A registration the gateway keeps at its peer: the Request-URI (the registrar's domain), the address of record, the lifetime asked for. */
export interface PlanRegistration {
  readonly registrarUri: string;
  readonly addressOfRecord: string;
  readonly expiresSeconds: number;
  /** The user part of the Contact registered (the AOR's user when the connection names none). */
  readonly contactUser: string;
}

/** The media a node's calls use: the RTP port range and how long a call may go without RTP (0: for ever). */
export interface PlanMedia {
  readonly firstPort: number;
  readonly lastPort: number;
  readonly timeoutSeconds: number;
  /**
   * The audio codecs of the media negotiation's transcoding options (MEDIA_PUMP_DOMAIN audioCodecs: G711A, OPUS,
   * TELEPHONE_EVENT...), in their order; undefined when it names none (then any codec is taken).
   */
  readonly audioCodecs: readonly string[] | undefined;
}

/** One entry of a network peer whitelist (IN_FILTER): an address (IPv4 or IPv6) or a host name, and a prefix length. */
export interface PlanPeer {
  readonly host: string;
  /** The prefix length of the subnet (the entry's subnetPrefixLength): 32 (128 for IPv6) is one host. */
  readonly prefixLength: number;
  /**
   * For a host name: the address the lab's simulated name service gives it (see simulatedAddress); undefined for an
   * address.
   */
  readonly nameAddress: string | undefined;
}

/** A network peer whitelist (IN_FILTER) as a node's SIP transport or media negotiation names it. */
export interface PlanPeerWhitelist {
  readonly id: string;
  readonly displayName: string;
  readonly entries: readonly PlanPeer[];
  /**
   * The own subnet (the network controller's address and prefix length) where the whitelist includes it
   * (includeOwnSubnet) and the controller names an address; undefined otherwise.
   */
  readonly ownSubnet: PlanPeer | undefined;
}

/**
 * The peers a node hears: the whitelist its SIP transport names (SIPST_STACK networkPeerWhitelistId) for SIP, the one
 * its media negotiation names (MNS_STACK networkPeerWhitelistId) for RTP and RTCP; undefined where none is named
 * (every peer is heard).
 */
export interface PlanPeers {
  readonly sip: PlanPeerWhitelist | undefined;
  readonly media: PlanPeerWhitelist | undefined;
}

export type RegistrarAcceptPolicy = 'ALWAYS' | 'DIRECTORY' | 'NEVER';

/** The registrar of a SIP phone registrar node. */
export interface PlanRegistrar {
  readonly domain: string;
  readonly acceptPolicy: RegistrarAcceptPolicy;
  readonly minExpiresSeconds: number;
  readonly maxExpiresSeconds: number;
  readonly authenticationRequired: boolean;
  /**
   * The names phones may register under, each to the password its digest answer must prove. The directory's users
   * by every name (the user name, the user part of the SIP URI, the extension, the phone number) with the password
   * of the SIP credentials object (SIPAUTH_STACK) whose user name or authorization user name is that name (realm
   * empty or the registrar's domain); undefined where no credentials object has the name (such a user registers
   * only where no challenge is made). With the ALWAYS policy, every name of a credentials object is here too.
   * A credentials object a transport connection uses (a trunk's) is never a phone's: it gives no password here.
   */
  readonly users: ReadonlyMap<string, string | undefined>;
}

/** The values of SIPUA_STACK reliableProvisionalResponses. */
export type ReliableProvisionals = 'SUPPORTED' | 'REQUIRED' | 'DISABLED';

/**
 * What a node needs on the wire. The plan never leaves the process: it carries secrets (the private key, the
 * password) in clear, and no view renders them.
 */
export interface PlanNodeSip {
  /** The node's SIP transport (SIPST_STACK): the listeners it opens, the UDP/TCP port and the TLS port, the largest message. */
  readonly udp: boolean;
  readonly tcp: boolean;
  readonly tls: boolean;
  readonly udpTcpPort: number;
  readonly tlsPort: number;
  readonly maxMessageBytes: number;
  /** The local ports of outgoing TCP/TLS connections (SIPST_STACK tcpFirstPort..tcpLastPort). */
  readonly tcpPorts: { readonly first: number; readonly last: number };
  /** Whether the transport names a NAT traversal (networkMappingId). */
  readonly natTraversal: boolean;
  /**
   * The certificate (PEM, with its chain appended) and private key (PEM) the transport's security profile presents
   * (INS_STACK → digitalIdentityId → CRY_X509_STACK); undefined when it has none (then no TLS listener).
   */
  readonly identity: PlanIdentity | undefined;
  /**
   * Digest credentials (SIPAUTH_STACK) of the node's first transport connection, for its peer's 401/407 challenges;
   * undefined when that connection names none or does not authenticate.
   */
  readonly credentials: PlanCredentials | undefined;
  /**
   * The RTP port range of the node's network controller (IN_STACK rtpFirstPort/rtpLastPort) and the media timeout
   * (seconds without RTP before the call is cleared; 0 never) of the node's media negotiation (MNS_STACK).
   */
  readonly media: PlanMedia;
  /** User-Agent / Server header of the node's user agent (SIPUA_STACK userAgentHeader). */
  readonly userAgent: string;
  /**
   * Reliable provisional responses (RFC 3262) of the node's user agent (SIPUA_STACK reliableProvisionalResponses):
   * SUPPORTED sends 18x reliably to a caller that supports 100rel and offers it to far ends, REQUIRED asks far ends
   * for it, DISABLED neither (a caller requiring 100rel gets 420).
   */
  readonly reliableProvisionals: ReliableProvisionals;
  /** Session timers (RFC 4028) of the node's user agent, which the gateway runs on each real leg of the node. */
  readonly sessionTimer: PlanSessionTimer;
  /**
   * The registrar of a SIP phone registrar node (TELSIP_STACK role SIP_PHONE_REGISTRAR) or of a WebRTC node (its
   * browsers register there, with the catalog's registrar defaults); undefined for other nodes.
   */
  readonly registrar: PlanRegistrar | undefined;
  /** The network peer whitelists of the node's SIP transport and media negotiation. */
  readonly peers: PlanPeers;
  /** Keep-alives and registration toward the node's peer. */
  readonly supervision: PlanSupervision;
  /**
   * The SIP over WebSocket listener (RFC 7118) of a WebRTC node (TELWEBRTC_STACK → WEBRTC_STACK → WEBSOCKET_STACK);
   * undefined for other nodes. A WebRTC node has no UDP, TCP or TLS listener.
   */
  readonly websocket?: PlanWebSocket | undefined;
}

/** A WebRTC node's WebSocket listener (WEBSOCKET_STACK): port, request path, WSS or WS, and the WSS certificate. */
export interface PlanWebSocket {
  readonly port: number;
  readonly path: string;
  readonly secure: boolean;
  /** The certificate of the stack's security profile (networkSecurityProfileId); WSS listens only with one. */
  readonly identity: PlanIdentity | undefined;
}

/** A routed call: the domain whose plan matched, and the match (route, targets with their dial strings). */
export interface PlannedRoute {
  readonly routingDomainId: string;
  readonly routingDomainName: string;
  readonly match: RouteMatch;
}

/** A routing domain as it was committed: its source nodes and establishment routes, in order. */
export interface PlanRoutingDomain {
  readonly id: string;
  readonly displayName: string;
  readonly sourceNodeIds: readonly string[];
  readonly routes: readonly RouteSpec[];
}

/** A piece of the committed configuration that did not compile (left out of the plan; the rest runs). */
export interface PlanProblem {
  readonly objectId: string;
  readonly message: string;
}

/**
 * The committed configuration of one lab compiled once for the simulator: immutable, built when the
 * configuration is committed (or first asked for), never per call from the database.
 */
export interface GatewayPlan {
  readonly lab: LabId;
  /** Bumps with every compile; equal plans of one lab have equal generations. */
  readonly generation: number;
  readonly compiledAt: Date;
  readonly nodes: ReadonlyMap<string, PlanNode>;
  /** The nodes calls may enter on: enabled nodes with a SIP transport that some routing domain lists as a source. */
  readonly sourceNodes: readonly PlanNode[];
  /** The routing domains that compiled, in the order calls try them. */
  readonly routingDomains: readonly PlanRoutingDomain[];
  /** What did not compile. */
  readonly problems: readonly PlanProblem[];
  /** The certificates of the configuration's digital identities, by display name. */
  readonly certificates: readonly PlanCertificate[];
  /**
   * Whether a routing forward profile (TELRT_FORWARDER_DOMAIN, by id) forwards a transfer request (REFER) from the
   * side that sends it to the other: its forwarding stack's REFER flag for that direction (`calling`: from calling
   * to called). False for a profile without the flag or an id naming none (the gateway then carries the transfer
   * out itself).
   */
  forwardsRefer(profileId: string, from: 'calling' | 'called'): boolean;
  /**
   * Routes a call (its dial strings as they are after the source node's incoming rewriting) on the routing
   * domains whose source nodes include the call's node, in display-name order; the first match wins.
   */
  route(call: RoutingCall): PlannedRoute | undefined;
}
