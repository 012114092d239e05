import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import { NODE_OBJECT_TYPES } from '../../../src/contexts/configuration/nodes/domain/NodeSubTree.js';
import { createObject, expectError } from './objectsSupport.js';
import {
  addProvider,
  addSystem,
  compact,
  createUcmaNode,
  createWebrtcNode,
  expectText,
  PROFILES,
  subTree,
  unknownId,
} from './nodesSupport.js';

describe('nodes over HTTP', function () {
  this.timeout(120000);
  let gateway: TestGateway;
  let admin: ApiClient;

  before(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
  });
  after(() => gateway.stop());
  // a SIP system node without a websocket, as addSystem builds it
  before(async () => {
    await addSystem(admin, PROFILES.genericPbx, { displayName: 'PBX Berlin', udpTcpPort: 5160, tlsPort: 5161 });
  });

  describe('subTreeObject', () => {
    it('answers every objectType for a node kind that has it, as objects/get shows the object', async () => {
      const answered = new Set<string>();
      const eth0 = (await admin.get('/api/objects/sorts', { query: { sort: 'IN_STACK', displayName: 'eth0' } })).json;
      const avaya = (
        await addSystem(admin, PROFILES.avaya, { displayName: 'Avaya', udpTcpPort: 5600, tlsPort: 5601 })
      )[0]!;
      const provider = (
        await addProvider(admin, PROFILES.telekomDe, {
          displayName: 'Telekom 2',
          credentials: { username: 'u', password: 'p' },
          udpTcpPort: 5610,
          tlsPort: 5611,
        })
      )[0]!;
      const sba = (
        await addSystem(admin, PROFILES.collabSba, { displayName: 'Collab SBA', udpTcpPort: 5620, tlsPort: 5621 })
      )[0]!;
      const webrtc = await createWebrtcNode(admin, 'Browser node', eth0.id);
      const ucma = await createUcmaNode(admin, 'UCMA node', eth0.id, 5630);
      // a static mapping on the SBA's transports and media (the wizard uses none): objects/set, then the view reads it
      const staticMapping = await createObject(admin, 'IN_MAP_STATIC_STACK', 'SBA static mapping', {
        publicIpAddress: '203.0.113.5',
        networkControllerId: eth0.id,
      });
      for (const type of ['sipTransport', 'mediaNegotiation', 'collabSbaSipTransport', 'collabSbaMediaNegotiation']) {
        const object = await subTree(admin, sba.id, type);
        expect(
          (
            await admin.put('/api/objects/set', {
              query: { id: object['id'] },
              json: { networkMappingId: staticMapping['id'] },
            })
          ).status,
        ).to.equal(200);
      }
      // a second SBA whose branch side uses STUN instead
      const sba2 = (
        await addSystem(admin, PROFILES.collabSba, { displayName: 'Collab SBA 2', udpTcpPort: 5640, tlsPort: 5641 })
      )[0]!;
      const stun = await createObject(admin, 'IN_MAP_STACK', 'SBA STUN', { networkControllerId: eth0.id });
      for (const type of ['collabSbaSipTransport', 'collabSbaMediaNegotiation']) {
        const object = await subTree(admin, sba2.id, type);
        expect(
          (await admin.put('/api/objects/set', { query: { id: object['id'] }, json: { networkMappingId: stun['id'] } }))
            .status,
        ).to.equal(200);
      }
      const listed = (await admin.get('/api/nodes/get')).json;
      expect(listed).to.deep.include.members([
        { id: webrtc['id'], displayName: 'Browser node' },
        { id: ucma['id'], displayName: 'UCMA node' },
      ]);
      expectError(
        await admin.get('/api/nodes/port/get', { query: { node: 'Browser node' } }),
        409,
        'NODE_HAS_NO_SIP_TRANSPORT',
      );
      expectText(await admin.get('/api/nodes/port/get', { query: { node: 'UCMA node' } }), '5630');
      expectText(await admin.post('/api/nodes/disable', { query: { node: 'Browser node' } }), 'Node disabled');
      expect((await admin.get('/api/objects/get', { query: { id: webrtc['id'] } })).json.enabled).to.equal('false');
      for (const node of [avaya.id, provider.id, sba.id, sba2.id, webrtc['id'], ucma['id']]) {
        for (const objectType of NODE_OBJECT_TYPES) {
          const response = await admin.get('/api/nodes/subTreeObject/get', { query: { node, objectType } });
          if (response.status === 200) {
            answered.add(objectType);
            expect(response.json).to.deep.equal(
              (await admin.get('/api/objects/get', { query: { id: response.json.id } })).json,
            );
          } else {
            expectError(response, 404, 'SUB_TREE_OBJECT_NOT_FOUND');
            expect(response.json.error.details[0].field).to.equal('objectType');
          }
        }
      }
      expect(NODE_OBJECT_TYPES.filter((t) => !answered.has(t))).to.deep.equal([]);
      expect((await subTree(admin, avaya.id, 'sipTransportDigitalIdentitiyAndTrust'))['sort']).to.equal(
        'CRY_X509_STACK',
      );
      expect((await subTree(admin, provider.id, 'sipTransportNetworkMapping'))['sort']).to.equal('IN_MAP_STACK');
      expect(await subTree(admin, sba.id, 'collabConnectivity')).to.include({
        sort: 'TELCOLLAB_STACK',
        connectivity: 'SBA',
      });
      expect(await subTree(admin, sba.id, 'collabTenant')).to.include({ tenantFqdn: 'customer.example.com' });
    });

    it('refuses an unknown objectType listing the allowed values, and an unknown node in either id shape', async () => {
      const unknown = await admin.get('/api/nodes/subTreeObject/get', {
        query: { node: 'PBX Berlin', objectType: 'sipTrunk' },
      });
      expectError(unknown, 400, 'INVALID_QUERY_PARAMETER');
      expect(unknown.json.error.message)
        .to.contain('mediaNegotiationQosProfile')
        .and.contain('ipcClientDigitalIdentitiyAndTrust');
      const id = unknownId();
      expectError(
        await admin.get('/api/nodes/subTreeObject/get', { query: { node: id, objectType: 'sipNode' } }),
        404,
        'NODE_NOT_FOUND',
      );
      expectError(await admin.get('/api/nodes/port/get', { query: { node: compact(id) } }), 404, 'NODE_NOT_FOUND');
      const websocket = await admin.get('/api/nodes/subTreeObject/get', {
        query: { node: 'PBX Berlin', objectType: 'websocket' },
      });
      expectError(websocket, 404, 'SUB_TREE_OBJECT_NOT_FOUND');
    });
  });
});
