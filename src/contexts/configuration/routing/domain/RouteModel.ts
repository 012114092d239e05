/**
 * The route model of a routing domain, field for field as the specification's "Routing domain" resource gives
 * it. Plain immutable data: the routing views map these to and from the graph (TELRT_STACK objects), the route
 * matcher compiles them into a plan. Ids are canonical object ids.
 */

/** How a dial string is matched. */
export const MATCHER_TYPES = ['NEVER', 'DIRECTORY', 'EXTENSION_RANGE', 'WILDCARD', 'PLAIN'] as const;
export type MatcherType = (typeof MATCHER_TYPES)[number];

export interface ExtensionRange {
  readonly firstExtension: string;
  readonly lastExtension: string;
  /** The trunk (base number) the extensions hang off; the dial string is trunk + extension. */
  readonly trunk: string;
  /** Shorter extensions are zero-extended to the length of the range before comparing. */
  readonly zeroExtend: boolean;
}

export interface PlainMatch {
  readonly prefix: string;
  readonly suffix: string;
}

/** A matcher of one dial string: its type plus the member that type uses (the others absent). */
export interface DialStringMatcher {
  readonly type: MatcherType;
  /** DIRECTORY: the dial strings (or directory entries) that match. */
  readonly directory?: readonly string[];
  readonly extensionRange?: ExtensionRange;
  /** WILDCARD: `*` any run of characters, `?` one character; anything else literal. */
  readonly wildcardPattern?: string;
  readonly plain?: PlainMatch;
}

/** A filter of a route: every matcher given must match (an absent matcher matches anything). */
export interface RouteFilter {
  /** The filter applies only to sessions from these nodes; empty: from any source node of the domain. */
  readonly sourceNodeIds: readonly string[];
  readonly sourceDialString?: DialStringMatcher;
  readonly firstDiversionDialString?: DialStringMatcher;
  readonly lastDiversionDialString?: DialStringMatcher;
  readonly destinationDialString?: DialStringMatcher;
  readonly transferrerDialString?: DialStringMatcher;
}

export const SEGMENT_SOURCES = [
  'MOST_APPROPRIATE',
  'SOURCE',
  'DESTINATION',
  'FIRST_DIVERSION',
  'LAST_DIVERSION',
  'TRANSFERRER',
  'NONE',
] as const;
export type SegmentSource = (typeof SEGMENT_SOURCES)[number];

/** One segment of a rewritten dial string; the segments of a rewriting are concatenated. */
export interface RewriteSegment {
  readonly prefix: string;
  readonly suffix: string;
  readonly delLeading: number;
  readonly delTrailing: number;
  readonly keepLeading: number;
  readonly keepTrailing: number;
  /** Which part of the matched dial string the segment takes (0: the whole string). */
  readonly matchedPart: number;
  readonly source: SegmentSource;
}

export interface DialStringRewritingSpec {
  readonly segments: readonly RewriteSegment[];
}

export const TEL_STATUSES = [
  'USER_BUSY',
  'NO_ANSWER',
  'REJECTED',
  'UNREACHABLE',
  'ERROR',
  'TIMEOUT',
  'NO_CHANNEL',
] as const;
export type TelStatus = (typeof TEL_STATUSES)[number];

/** When the next routing target is tried: on these telephony statuses or SIP status codes ("408,480-486"). */
export interface FailoverStatusMatch {
  readonly telStatusList: readonly TelStatus[];
  readonly sipStatusCodes: string;
}

export interface RoutingTarget {
  readonly destinationNodeId: string;
  /** Empty for the default forwarding. */
  readonly routingForwardProfileId: string;
  readonly destinationDialStringRewriting?: DialStringRewritingSpec;
  readonly sourceDialStringRewriting?: DialStringRewritingSpec;
  readonly elinDialStringRewriting?: DialStringRewritingSpec;
  readonly assertedDialStringRewriting?: DialStringRewritingSpec;
  readonly transferrerDialStringRewriting?: DialStringRewritingSpec;
  readonly failoverStatusMatch?: FailoverStatusMatch;
}

export const ROUTE_ACTIONS = ['ACCEPT', 'REJECT', 'IGNORE'] as const;
export type RouteAction = (typeof ROUTE_ACTIONS)[number];

export interface RouteEstablishment {
  readonly action: RouteAction;
  /** Tried in order; the next one when the previous failed with a status its failoverStatusMatch names. */
  readonly routingTargets: readonly RoutingTarget[];
}

export interface RouteSpec {
  readonly id: string;
  readonly displayName: string;
  readonly enabled: boolean;
  readonly establishment: RouteEstablishment;
  /** The route matches when any filter matches (no filter: never). */
  readonly filters: readonly RouteFilter[];
}

export const ROUTE_MODES = ['establishment', 'pathReplacement'] as const;
export type RouteMode = (typeof ROUTE_MODES)[number];
