import type { ConfigurationReader } from '../../../../src/contexts/configuration/graph/application/ConfigurationReader.js';
import { IndexedGraph } from '../../../../src/contexts/configuration/graph/domain/GraphView.js';
import { ObjectsHarness } from '../support/ObjectsHarness.js';

/** The harness with a reader over its repository (what ConfigurationReader answers, without the cache). */
export class ViewHarness extends ObjectsHarness {
  readonly reader = { working: async () => new IndexedGraph(await this.all()) } as unknown as ConfigurationReader;

  async graph(): Promise<IndexedGraph> {
    return new IndexedGraph(await this.all());
  }
}

/** A SIP node to add connections to (controller → transport → user agent → node). */
export async function seedSipNode(h: ObjectsHarness, prefix = 'node', port = 5060) {
  const controller = await h.seed('IN_STACK', `${prefix} eth0`, { ipAddress: '192.0.2.10' });
  const transport = await h.seed(
    'SIPST_STACK',
    `${prefix} transport`,
    { udpTcpPort: port, tlsPort: port + 1 },
    { networkControllerId: [controller.id] },
  );
  const userAgent = await h.seed('SIPUA_STACK', `${prefix} user agent`, {}, { sipTransportId: [transport.id] });
  const node = await h.seed('TELSIP_STACK', `${prefix} node`, {}, { sipUserAgentId: [userAgent.id] });
  return { controller, transport, userAgent, node };
}
