import type { ConfigObject } from '../../graph/domain/ConfigObject.js';
import type { GraphView } from '../../graph/domain/GraphView.js';
import type { PlanIdentity } from './GatewayPlan.js';

function linked(
  graph: GraphView,
  object: ConfigObject | undefined,
  slot: string,
  sort: string,
): ConfigObject | undefined {
  const found = graph.get(object?.referencesIn(slot)[0] ?? '');
  return found?.sort === sort ? found : undefined;
}

function text(object: ConfigObject | undefined, name: string): string {
  const found = object?.parameters[name];
  return typeof found === 'string' ? found : '';
}

/**
 * The certificate and key the security profile of a listener (a SIP transport, a WebSocket stack) presents;
 * undefined unless both are there.
 */
export function identityOf(graph: GraphView, transport: ConfigObject | undefined): PlanIdentity | undefined {
  const identity = linked(
    graph,
    linked(graph, transport, 'networkSecurityProfileId', 'INS_STACK'),
    'digitalIdentityId',
    'CRY_X509_STACK',
  );
  const certificate = text(identity, 'certificate').trim();
  const privateKey = text(identity, 'privateKey').trim();
  if (!certificate || !privateKey) return undefined;
  const chain = text(identity, 'certificateChain').trim();
  return { certificatePem: `${certificate}\n${chain ? `${chain}\n` : ''}`, privateKeyPem: `${privateKey}\n` };
}
