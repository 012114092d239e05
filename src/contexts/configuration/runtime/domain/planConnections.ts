import { describe } from '@gwsim/x509';
import type { ConfigObject } from '../../graph/domain/ConfigObject.js';
import type { GraphView } from '../../graph/domain/GraphView.js';
import { NODE_CONNECTIONS_SLOT, TransportConnectionMapper } from '../../transport/domain/TransportConnectionMapper.js';
import type { KindSettings } from '../../transport/domain/KindSettings.js';
import type { PlanCertificate, PlanConnection } from './GatewayPlan.js';

/** The URI a connection's settings point at (a load balancer: its first member's that names one). */
function targetOf(graph: GraphView, settings: KindSettings, depth = 0): string {
  switch (settings.kind) {
    case 'PLAIN':
      return settings.destination.iri;
    case 'STANDARD':
      return settings.proxy.iri;
    case 'SIP_REGISTRATION':
      return settings.registrar.iri;
    case 'SRV_LOAD_BALANCER':
      return settings.domain ? `sip:${settings.domain}` : '';
    case 'SIP_LOAD_BALANCING':
      if (depth > 4) return '';
      for (const memberId of settings.memberIds) {
        const member = graph.get(memberId);
        const target = member ? targetOfObject(graph, member, depth + 1) : '';
        if (target) return target;
      }
      return '';
  }
}

function targetOfObject(graph: GraphView, connection: ConfigObject, depth = 0): string {
  try {
    return targetOf(graph, TransportConnectionMapper.fromGraph(graph, connection).settings, depth);
  } catch {
    return ''; // a connection whose settings do not read (reported by the compile where it matters) names nothing
  }
}

/** The node's transport connections in order, each with the URI it points at. */
export function planConnections(graph: GraphView, node: ConfigObject): readonly PlanConnection[] {
  const connections: PlanConnection[] = [];
  for (const id of node.referencesIn(NODE_CONNECTIONS_SLOT)) {
    const connection = graph.get(id);
    if (!connection) continue;
    connections.push(
      Object.freeze({ id, displayName: connection.displayName, targetIri: targetOfObject(graph, connection) }),
    );
  }
  return Object.freeze(connections);
}

/** The subject's common name, else the whole subject on one line. */
function commonNameOf(subject: string): string {
  const cn = /^CN=(.*)$/m.exec(subject);
  return cn ? cn[1]!.trim() : subject.replace(/\n/g, ', ');
}

/**
 * The certificates the configuration's digital identities hold (their own certificate, not the chain), by display
 * name; one that does not parse is left out (the identity's own views report it).
 */
export function planCertificates(graph: GraphView): readonly PlanCertificate[] {
  const certificates: PlanCertificate[] = [];
  for (const identity of graph.ofSort('CRY_X509_STACK')) {
    const pem = identity.parameters['certificate'];
    if (typeof pem !== 'string' || pem.trim() === '') continue;
    try {
      const info = describe(pem);
      certificates.push(
        Object.freeze({
          objectId: identity.id,
          displayName: identity.displayName,
          commonName: commonNameOf(info.subject),
          notAfter: new Date(info.validTo),
        }),
      );
    } catch {
      continue;
    }
  }
  certificates.sort((a, b) => a.displayName.localeCompare(b.displayName));
  return Object.freeze(certificates);
}
