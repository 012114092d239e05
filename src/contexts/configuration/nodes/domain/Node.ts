import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { ObjectSort } from '../../graph/domain/ObjectSort.js';
import { checkValue } from '../../graph/domain/catalog/ParameterType.js';

/** The SIP listeners of a node (its SIP transport, SIPST_STACK). */
export interface NodeSipTransport {
  readonly id: string;
  readonly udpTcpPort: number;
  readonly tlsPort: number;
  readonly networkControllerId: string;
  /** The id of the transport's network security profile (INS_STACK); '' for none. */
  readonly networkSecurityProfileId: string;
}

/** The SIP user agent of a node (SIPUA_STACK). */
export interface NodeUserAgent {
  readonly id: string;
  readonly overrideHostname: string;
}

/** The tenant of a collaboration-platform node (TELCOLLAB_TENANT). */
export interface NodeTenant {
  readonly id: string;
  readonly tenantFqdn: string;
}

export interface NodeState {
  readonly id: string;
  readonly sort: ObjectSort;
  readonly displayName: string;
  readonly enabled: boolean;
  /** Collaboration-platform nodes: DIRECT_ROUTING, CARRIER or SBA. */
  readonly connectivity: string | undefined;
  readonly userAgent: NodeUserAgent | undefined;
  readonly transport: NodeSipTransport | undefined;
  readonly tenant: NodeTenant | undefined;
}

/** Who already listens on a port on the same network (a node, or a transport no node uses); undefined when free. */
export type PortHolderLookup = (port: number) => string | undefined;

export type PortKind = 'udpTcpPort' | 'tlsPort';

function checkPort(field: PortKind, port: number): void {
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw DomainError.invalid('INVALID_PORT', `${field} must be a port from 1 to 65535, got ${String(port)}`, [
      { field, rule: 'port', message: `${field} must be a whole number from 1 to 65535` },
    ]);
  }
}

/**
 * A node of the gateway (TELSIP_STACK, TELCOLLAB_STACK, TELUCMA_STACK, TELWEBRTC_STACK, the CAPI nodes) with
 * the parts of its sub-graph its per-node settings change: the SIP user agent, the SIP transport (ports,
 * security profile) and, for a collaboration-platform node, its tenant. Mutators check before they change
 * anything; a setting the node's kind does not have is a 409 saying so.
 */
export class Node {
  private state: NodeState;

  constructor(state: NodeState) {
    if (state.displayName.trim() === '')
      throw DomainError.invalid('DISPLAY_NAME_REQUIRED', 'a node needs a non-empty displayName');
    this.state = state;
  }

  get id(): string {
    return this.state.id;
  }
  get sort(): ObjectSort {
    return this.state.sort;
  }
  get displayName(): string {
    return this.state.displayName;
  }
  get enabled(): boolean {
    return this.state.enabled;
  }
  get connectivity(): string | undefined {
    return this.state.connectivity;
  }
  get isCollaborationNode(): boolean {
    return this.state.sort === 'TELCOLLAB_STACK';
  }
  get isCollaborationCarrier(): boolean {
    return this.isCollaborationNode && this.state.connectivity === 'CARRIER';
  }
  snapshot(): NodeState {
    return this.state;
  }

  /** Enables or disables the node; answers whether that changed anything. */
  setEnabled(enabled: boolean): boolean {
    if (this.state.enabled === enabled) return false;
    this.state = { ...this.state, enabled };
    return true;
  }

  get transport(): NodeSipTransport {
    if (!this.state.transport) {
      throw DomainError.conflict(
        'NODE_HAS_NO_SIP_TRANSPORT',
        `node '${this.displayName}' (${this.sort}) has no SIP transport; ports belong to SIP, collaboration-platform and UCMA nodes`,
        [{ field: 'node', rule: 'sipTransport', message: 'the node has no SIP transport' }],
      );
    }
    return this.state.transport;
  }

  get userAgent(): NodeUserAgent {
    if (!this.state.userAgent) {
      throw DomainError.conflict(
        'NODE_HAS_NO_SIP_USER_AGENT',
        `node '${this.displayName}' (${this.sort}) has no SIP user agent`,
        [{ field: 'node', rule: 'sipUserAgent', message: 'the node has no SIP user agent' }],
      );
    }
    return this.state.userAgent;
  }

  get tenant(): NodeTenant {
    if (!this.isCollaborationNode) {
      throw DomainError.conflict(
        'NODE_NOT_COLLABORATION',
        `node '${this.displayName}' is a ${this.sort}; tenants belong to collaboration-platform nodes (TELCOLLAB_STACK)`,
        [{ field: 'node', rule: 'collaborationNode', message: 'node must be a collaboration-platform node' }],
      );
    }
    if (!this.state.tenant) {
      throw DomainError.conflict(
        'NODE_HAS_NO_TENANT',
        `collaboration-platform node '${this.displayName}' has no tenant`,
        [{ field: 'node', rule: 'tenant', message: 'the node has no tenant' }],
      );
    }
    return this.state.tenant;
  }

  /**
   * Moves one of the listening ports; refused (409, naming the holder) when another listener on the same
   * network holds it or when it is the node's own other port. Answers whether it changed.
   */
  setPort(kind: PortKind, port: number, holderOf: PortHolderLookup): boolean {
    checkPort(kind, port);
    const transport = this.transport;
    if (transport[kind] === port) return false;
    const other: PortKind = kind === 'udpTcpPort' ? 'tlsPort' : 'udpTcpPort';
    if (transport[other] === port) {
      throw DomainError.conflict('PORT_IN_USE', `port ${port} is already the ${other} of node '${this.displayName}'`, [
        { field: kind, rule: 'unique', message: `${kind} must differ from the node's ${other}` },
      ]);
    }
    const holder = holderOf(port);
    if (holder) {
      throw DomainError.conflict(
        'PORT_IN_USE',
        `port ${port} is already used by ${holder} on the same network controller; choose another port`,
        [{ field: kind, rule: 'unique', message: `port ${port} is held by ${holder}` }],
      );
    }
    this.state = { ...this.state, transport: { ...transport, [kind]: port } };
    return true;
  }

  /** The host name put in Contact and Via instead of the address; '' clears it. */
  setOverrideHostname(hostname: string): boolean {
    const userAgent = this.userAgent;
    const value = hostname.trim();
    const problems = checkValue({ kind: 'hostname', optional: true }, value, 'overrideHostname');
    if (problems.length > 0) {
      throw DomainError.invalid(
        'INVALID_HOSTNAME',
        `overrideHostname must be a host name, an FQDN or an IP address (or empty to clear it), got '${value.slice(0, 80)}'`,
        problems,
      );
    }
    if (userAgent.overrideHostname === value) return false;
    this.state = { ...this.state, userAgent: { ...userAgent, overrideHostname: value } };
    return true;
  }

  setNetworkSecurityProfile(profileId: string): boolean {
    const transport = this.transport;
    if (transport.networkSecurityProfileId === profileId) return false;
    this.state = { ...this.state, transport: { ...transport, networkSecurityProfileId: profileId } };
    return true;
  }

  setTenantFqdn(fqdn: string): boolean {
    const tenant = this.tenant;
    const value = fqdn.trim();
    const problems = checkValue({ kind: 'hostname', optional: false }, value, 'tenantFqdn');
    if (problems.length > 0) {
      throw DomainError.invalid(
        'INVALID_FQDN',
        `the tenant FQDN must be a fully qualified domain name, got '${value.slice(0, 80)}'`,
        problems,
      );
    }
    if (tenant.tenantFqdn === value) return false;
    this.state = { ...this.state, tenant: { ...tenant, tenantFqdn: value } };
    return true;
  }
}
