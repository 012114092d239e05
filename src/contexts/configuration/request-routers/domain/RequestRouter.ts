import { DomainError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';
import { uriProblem } from '../../graph/domain/SipUri.js';

export const FORWARDING_MODES = [
  'BI_DIRECTIONAL',
  'PRIMARY_TO_SECONDARY_EDGE',
  'SECONDARY_TO_PRIMARY_EDGE',
  'DISABLED',
] as const;
export type ForwardingMode = (typeof FORWARDING_MODES)[number];

/** How the router treats one edge: Record-Route, topology hiding, the Max-Forwards of requests sent to it. */
export interface SideOptions {
  readonly recordRoute: boolean;
  readonly topologyHiding: boolean;
  readonly maxForwards: number;
}

export interface PortRange {
  readonly firstPort: number;
  readonly lastPort: number;
}

export interface RequestRouterState {
  readonly id: string;
  readonly displayName: string;
  readonly forwardingMode: ForwardingMode;
  readonly useLocalNode: boolean;
  /** SIP or SIPS URIs requests are routed to. */
  readonly routingTargets: readonly string[];
  /** SIP transport of the primary edge (SIPST_STACK). */
  readonly incomingEdgeSipTransportId: string | undefined;
  /** SIP transport of the secondary edge. */
  readonly outgoingEdgeSipTransportId: string | undefined;
  /** Transport connections the router routes over, in order. */
  readonly routeConnectionIds: readonly string[];
  readonly operationalStateConditionId: string | undefined;
  /** Local UDP ports of forwarded requests. */
  readonly udpPortRange: PortRange;
  readonly primarySideOptions: SideOptions;
  readonly secondarySideOptions: SideOptions;
}

function rangeProblems(range: PortRange, field: string): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  for (const end of ['firstPort', 'lastPort'] as const) {
    const port = range[end];
    if (!Number.isInteger(port) || port < 1 || port > 65535)
      problems.push({
        field: `${field}.${end}`,
        rule: 'port',
        message: `${field}.${end} must be a port from 1 to 65535, got ${port}`,
      });
  }
  if (problems.length === 0 && range.firstPort > range.lastPort) {
    problems.push({
      field: `${field}.lastPort`,
      rule: 'range',
      message: `${field}.lastPort (${range.lastPort}) must not be below ${field}.firstPort (${range.firstPort})`,
    });
  }
  return problems;
}

function sideProblems(options: SideOptions, field: string): ErrorDetail[] {
  if (Number.isInteger(options.maxForwards) && options.maxForwards >= 1 && options.maxForwards <= 255) return [];
  return [
    {
      field: `${field}.maxForwards`,
      rule: 'range',
      message: `${field}.maxForwards must be a whole number from 1 to 255, got ${options.maxForwards}`,
    },
  ];
}

/**
 * A request router (SIPPX_STACK): routes SIP requests between two edges (SIP transports) without terminating
 * them, to its routing targets (SIP URIs) and over its routes (transport connections). Invariants: a name,
 * SIP/SIPS routing targets (at most 64, no duplicates), a known forwarding mode, a sane UDP port range and side
 * options, routes without duplicates. Whether referenced objects exist is the graph's to say.
 */
export class RequestRouter {
  private state: RequestRouterState;

  constructor(state: RequestRouterState) {
    RequestRouter.validate(state);
    this.state = { ...state, displayName: state.displayName.trim() };
  }

  /** A router as stored (the catalog accepted it); changes through `change` check everything. */
  static restore(state: RequestRouterState): RequestRouter {
    const router = Object.create(RequestRouter.prototype) as RequestRouter;
    router.state = state;
    return router;
  }

  private static validate(state: RequestRouterState): void {
    const problems: ErrorDetail[] = [];
    const name = state.displayName.trim();
    if (name === '')
      problems.push({ field: 'displayName', rule: 'required', message: 'displayName must not be empty' });
    if (name.length > 255)
      problems.push({ field: 'displayName', rule: 'maxLength', message: 'displayName must be at most 255 characters' });
    if (!FORWARDING_MODES.includes(state.forwardingMode))
      problems.push({
        field: 'forwardingMode',
        rule: 'isIn',
        message: `forwardingMode must be one of ${FORWARDING_MODES.join(', ')}`,
      });
    if (state.routingTargets.length > 64)
      problems.push({ field: 'routingTargets', rule: 'maxItems', message: 'routingTargets may hold at most 64 URIs' });
    state.routingTargets.forEach((target, index) => {
      const problem = uriProblem(target, `routingTargets[${index}]`, ['sip', 'sips']);
      if (problem) problems.push(problem);
      else if (state.routingTargets.indexOf(target) !== index)
        problems.push({
          field: `routingTargets[${index}]`,
          rule: 'unique',
          message: `routingTargets[${index}] repeats ${target}`,
        });
    });
    state.routeConnectionIds.forEach((id, index) => {
      if (state.routeConnectionIds.indexOf(id) !== index)
        problems.push({
          field: `routes[${index}].transportConnectionId`,
          rule: 'unique',
          message: `routes[${index}].transportConnectionId names ${id} a second time`,
        });
    });
    problems.push(...rangeProblems(state.udpPortRange, 'udpPortRange'));
    problems.push(
      ...sideProblems(state.primarySideOptions, 'primarySideOptions'),
      ...sideProblems(state.secondarySideOptions, 'secondarySideOptions'),
    );
    if (problems.length > 0) {
      throw DomainError.invalid(
        'REQUEST_ROUTER_INVALID',
        `the request router is invalid: ${problems.map((p) => p.message).join('; ')}`,
        problems,
      );
    }
  }

  get id(): string {
    return this.state.id;
  }
  get displayName(): string {
    return this.state.displayName;
  }

  /** The router with some values changed, every invariant checked again. */
  change(next: Partial<Omit<RequestRouterState, 'id'>>): void {
    const state = { ...this.state, ...next };
    RequestRouter.validate(state);
    this.state = { ...state, displayName: state.displayName.trim() };
  }

  /** The referenced ids with the request field naming each. */
  references(): Array<{ field: string; id: string; what: 'transport' | 'connection' | 'condition' }> {
    const found: Array<{ field: string; id: string; what: 'transport' | 'connection' | 'condition' }> = [];
    if (this.state.incomingEdgeSipTransportId)
      found.push({ field: 'incomingEdgeSipTransportId', id: this.state.incomingEdgeSipTransportId, what: 'transport' });
    if (this.state.outgoingEdgeSipTransportId)
      found.push({ field: 'outgoingEdgeSipTransportId', id: this.state.outgoingEdgeSipTransportId, what: 'transport' });
    this.state.routeConnectionIds.forEach((id, index) =>
      found.push({ field: `routes[${index}].transportConnectionId`, id, what: 'connection' }),
    );
    if (this.state.operationalStateConditionId)
      found.push({
        field: 'operationalStateConditionId',
        id: this.state.operationalStateConditionId,
        what: 'condition',
      });
    return found;
  }

  snapshot(): RequestRouterState {
    return this.state;
  }
}

/** Listening ports of the SIP transport a new router gets: UDP/TCP and TLS, and the local TCP port range. */
export interface RouterPorts {
  readonly udpTcpPort: number;
  readonly tlsPort: number;
  readonly tcpPortRange: PortRange;
  readonly udpPortRange: PortRange;
}

/** The listening ports are ports, distinct, and the TCP range is a range (400 naming portOptions.* otherwise). */
export function checkRouterPorts(ports: RouterPorts): void {
  const problems: ErrorDetail[] = [];
  for (const name of ['udpTcpPort', 'tlsPort'] as const) {
    const port = ports[name];
    if (!Number.isInteger(port) || port < 1 || port > 65535)
      problems.push({
        field: `portOptions.${name}`,
        rule: 'port',
        message: `portOptions.${name} must be a port from 1 to 65535, got ${port}`,
      });
  }
  if (problems.length === 0 && ports.udpTcpPort === ports.tlsPort) {
    problems.push({
      field: 'portOptions.tlsPort',
      rule: 'distinct',
      message: `portOptions.tlsPort must differ from portOptions.udpTcpPort (both ${ports.tlsPort})`,
    });
  }
  problems.push(
    ...rangeProblems(ports.tcpPortRange, 'portOptions.tcpPortRange'),
    ...rangeProblems(ports.udpPortRange, 'portOptions.udpPortRange'),
  );
  if (problems.length > 0)
    throw DomainError.invalid(
      'REQUEST_ROUTER_INVALID',
      `the port options are invalid: ${problems.map((p) => p.message).join('; ')}`,
      problems,
    );
}
