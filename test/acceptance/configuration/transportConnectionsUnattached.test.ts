import { expect } from 'chai';
import { CommittedGateway, type GatewayPlan } from '../../../src/contexts/configuration/index.js';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import type { ApiClient } from '../../support/ApiClient.js';
import type { TestGateway } from '../../support/TestGateway.js';
import { getObject, startTransportGateway, type HttpSipNode } from './transportSupport.js';

/**
 * A transport connection added without `sipNodeId` exists unattached, as in the real product: no node lists it,
 * its answers carry no sipNodeId, and routing never uses it until a node's transportConnectionIds names it.
 */
describe('transport connections without a node (unattached)', function () {
  this.timeout(90000);
  let gateway: TestGateway;
  let admin: ApiClient;
  let sip: HttpSipNode;

  before(async () => {
    ({ gateway, admin, sip } = await startTransportGateway());
  });
  after(() => gateway.stop());

  const plan = (): Promise<GatewayPlan> => gateway.get(CommittedGateway).plan(DEFAULT_LAB);
  const commit = async () => {
    const committed = await admin.post('/api/coreConfig/commit');
    expect(committed.status, committed.text).to.equal(200);
  };

  it('addStandard without sipNodeId makes a connection no node lists, shown without sipNodeId', async () => {
    const added = await admin.put('/api/transportConnections/addStandard', {
      query: { displayName: 'loose standard' },
      json: { type: 'STANDARD', proxy: { iri: 'sip:loose.example.net:5062', options: true } },
    });
    expect(added.status, added.text).to.equal(200);
    expect(added.json).to.not.have.property('sipNodeId');
    expect(added.json).to.include({ type: 'STANDARD', displayName: 'loose standard', authenticationEnabled: false });
    const read = await admin.get('/api/transportConnections/get', { query: { id: 'loose standard' } });
    expect(read.json).to.deep.equal(added.json);
    expect((await getObject(admin, sip.node['id']))['transportConnectionIds']).to.not.include(added.json.id);
    const listed = await admin.get('/api/nodes/transportConnections/get', { query: { node: sip.node['id'] } });
    expect(listed.json.map((c: { id: string }) => c.id)).to.not.include(added.json.id);
    // the other kinds alike
    const plain = await admin.put('/api/transportConnections/addPlain', {
      query: { displayName: 'loose plain' },
      json: { destination: { iri: 'sip:plain.example.net' }, sipNodeId: null },
    });
    expect(plain.status, plain.text).to.equal(200);
    expect(plain.json).to.not.have.property('sipNodeId');
  });

  it('commits, and the compiled gateway never uses it until a node lists it; then it is that node’s', async () => {
    const loose = (await admin.get('/api/transportConnections/get', { query: { id: 'loose standard' } })).json;
    await commit();
    expect((await plan()).nodes.get(sip.node['id'])!.remote, 'no connection: no far end').to.equal(undefined);
    const attach = await admin.put('/api/objects/set', {
      query: { id: sip.node['id'] },
      json: { transportConnectionIds: [loose.id] },
    });
    expect(attach.status, attach.text).to.equal(200);
    const attached = await admin.get('/api/transportConnections/get', { query: { id: loose.id } });
    expect(attached.json).to.include({ sipNodeId: sip.node['id'] });
    await commit();
    expect((await plan()).nodes.get(sip.node['id'])!.remote).to.include({ host: 'loose.example.net', port: 5062 });
    expect((await plan()).nodes.get(sip.node['id'])!.sip.supervision.keepAliveSeconds).to.be.greaterThan(0);
  });

  it('removes an unattached connection like any other', async () => {
    const removed = await admin.delete('/api/transportConnections/remove', {
      query: { transportConnection: 'loose plain' },
    });
    expect(removed.status, removed.text).to.equal(200);
    expect((await admin.get('/api/transportConnections/get', { query: { id: 'loose plain' } })).status).to.equal(404);
  });
});
