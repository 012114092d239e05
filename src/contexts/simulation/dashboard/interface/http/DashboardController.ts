import { inject, injectable } from 'inversify';
import type { LdapConnectionState } from '../../../../identity/index.js';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import type { WireDates } from '../../../../../shared/interface/http/WireDates.js';
import { ReadDashboard, type NodeGlance } from '../../application/ReadDashboard.js';
import type { DashboardLdapConnectionView, DashboardSipNodeView, DashboardView } from './DashboardViews.js';

function nodeView(glance: NodeGlance, dates: WireDates): DashboardSipNodeView {
  const { node } = glance;
  return {
    id: node.id,
    displayName: node.displayName,
    enabled: node.enabled,
    operational: glance.operational,
    networkState: glance.networkState,
    registrationState: glance.registrationState,
    remoteSipDomain: node.remote?.host ?? '',
    ipAddress: node.local.host,
    natTraversalEnabled: node.sip.natTraversal,
    sessions: { incomingCalls: glance.incomingCalls, outgoingCalls: glance.outgoingCalls },
    optionsPackets: { sent: { ...glance.optionsSent }, received: { ...glance.optionsReceived } },
    portRanges: {
      udp: { firstPort: node.sip.udpTcpPort, lastPort: node.sip.udpTcpPort },
      tcp: { firstPort: node.sip.tcpPorts.first, lastPort: node.sip.tcpPorts.last },
    },
    localPorts: {
      udp: { enabled: glance.listening.udp, port: node.sip.udpTcpPort },
      tcp: { enabled: glance.listening.tcp, port: node.sip.udpTcpPort },
      tls: { enabled: glance.listening.tls, port: node.sip.tlsPort },
    },
    registeredClientList: glance.registeredClients.map((client) => ({
      bindingIri: client.contact,
      lastRefresh: dates.render(client.refreshedAt),
      addressOfRecord: client.addressOfRecord,
      ipAddress: client.host,
      registration: 'active',
      expiration: dates.render(client.expiresAt),
      user: client.user,
      sipUserAgent: client.userAgent,
    })),
    transportConnections: glance.connections.map((connection) => ({
      transportUp: connection.up,
      transportId: connection.id,
      transportTargetIri: connection.targetIri,
    })),
  };
}

/** `ldaps://host:636` → host, port and encryption (the URL's default port where it names none). */
function ldapView(connection: LdapConnectionState, dates: WireDates): DashboardLdapConnectionView {
  const url = new URL(connection.authority.url);
  const secure = url.protocol === 'ldaps:';
  return {
    displayName: connection.authority.displayName,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : secure ? 636 : 389,
    encryption: secure ? 'ssl' : 'none',
    establishTime: dates.render(connection.establishedAt),
    lastSearchTime: dates.render(connection.lastSearchAt) ?? '',
    username: connection.bindAccount,
    state: connection.state,
    cachedItems: connection.cachedItems,
    searchCount: connection.searches,
  };
}

/** `GET /api/dashboard/get`: the gateway at a glance, as the real product's monitoring clients read it. */
@injectable()
export class DashboardController {
  constructor(@inject(ReadDashboard) private readonly dashboard: ReadDashboard) {}

  async get(request: OperationRequest): Promise<DashboardView> {
    const dashboard = await this.dashboard.execute(request.lab);
    return {
      sipNodes: dashboard.nodes.map((glance) => nodeView(glance, request.dates)),
      ldapConnections: dashboard.ldap.map((connection) => ldapView(connection, request.dates)),
      sfbUcmaNodes: [],
      certificates: dashboard.certificates.map((c) => ({ commonName: c.commonName, expiresInDays: c.expiresInDays })),
    };
  }
}
