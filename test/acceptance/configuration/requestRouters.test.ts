import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import {
  compact,
  configurationReader,
  createObject,
  createSipNode,
  expectError,
  getObject,
  readGraph,
} from './transportSupport.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-00000000cafe';

/** The body of requestRouters/add the real product's documentation shows, with ports and a name of the test's choosing. */
function addBody(name: string, udpTcpPort: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    requestRouterName: name,
    routingTargets: ['sip:localhost:5070'],
    useLocalNode: false,
    portOptions: {
      tlsPort: udpTcpPort + 1,
      udpTcpPort,
      tcpPortRange: { firstPort: 9000, lastPort: 12000 },
      udpPortRange: { firstPort: 9000, lastPort: 12000 },
    },
    networkControllerOptions: { createNewNetworkController: true, newNetworkControllerIpAddress: '127.0.0.1' },
    ...extra,
  };
}

describe('request routers over HTTP', function () {
  this.timeout(90000);
  let gateway: TestGateway;
  let admin: ApiClient;

  before(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
  });
  after(() => gateway.stop());

  async function add(name: string, port: number, extra: Record<string, unknown> = {}): Promise<Record<string, any>> {
    const response = await admin.post('/api/requestRouters/add', { json: addBody(name, port, extra) });
    expect(response.status, response.text).to.equal(200);
    return response.json;
  }

  it('add creates the router with its SIP transport and network controller, and answers it as get does', async () => {
    const router = await add('Request Router REST', 5070);
    expect(router).to.deep.equal({
      id: router['id'],
      displayName: 'Request Router REST',
      incomingEdgeSipTransportId: router['incomingEdgeSipTransportId'],
      outgoingEdgeSipTransportId: router['incomingEdgeSipTransportId'],
      routes: [],
      routingTargets: ['sip:localhost:5070'],
      useLocalNode: false,
      forwardingMode: 'BI_DIRECTIONAL',
      udpPortRange: { firstPort: 9000, lastPort: 12000 },
      primarySideOptions: { recordRoute: true, topologyHiding: false, maxForwards: 70 },
      secondarySideOptions: { recordRoute: true, topologyHiding: false, maxForwards: 70 },
    });
    const transport = await getObject(admin, router['incomingEdgeSipTransportId']);
    expect(transport).to.include({
      sort: 'SIPST_STACK',
      udpTcpPort: '5070',
      tlsPort: '5071',
      tcpFirstPort: '9000',
      tcpLastPort: '12000',
    });
    const controller = await getObject(admin, transport['networkControllerId']);
    expect(controller).to.include({ sort: 'IN_STACK', ipAddress: '127.0.0.1', ipVersion: 'IN_ADDRESS_VERSION_4' });
    expect(await getObject(admin, router['id'])).to.include({
      sort: 'SIPPX_STACK',
      displayName: 'Request Router REST',
      forwardingMode: 'BI_DIRECTIONAL',
      udpFirstPort: '9000',
    });
    for (const requestRouter of [router['id'], compact(router['id']), 'Request Router REST']) {
      const one = await admin.get('/api/requestRouters/get', { query: { requestRouter } });
      expect(one.status, one.text).to.equal(200);
      expect(one.json).to.deep.equal([router]);
    }
    const all = await admin.get('/api/requestRouters/get');
    expect(all.json.map((r: { id: string }) => r.id)).to.include(router['id']);
    for (const requestRouter of [UNKNOWN_ID, compact(UNKNOWN_ID), 'no such router']) {
      expectError(
        await admin.get('/api/requestRouters/get', { query: { requestRouter } }),
        404,
        'REQUEST_ROUTER_NOT_FOUND',
      );
    }
  });

  it('refuses ports a SIP transport holds on the same address, naming the holder, and changes nothing', async () => {
    const node = await createSipNode(admin, 'rr ports', 5200);
    const before = await readGraph(admin);
    const onTheNodesAddress = {
      networkControllerOptions: { createNewNetworkController: true, newNetworkControllerIpAddress: '198.51.100.20' },
    };
    for (const [port, field] of [
      [5200, 'portOptions.udpTcpPort'],
      [5199, 'portOptions.tlsPort'],
    ] as const) {
      const refused = await admin.post('/api/requestRouters/add', {
        json: addBody('collides', port, onTheNodesAddress),
      });
      expectError(refused, 409, 'SIP_PORT_IN_USE', { what: String(port) });
      expect(refused.json.error.details[0].field).to.equal(field);
      expect(refused.json.error.details[0].message).to.contain('rr ports transport').and.contain(node.transport['id']);
    }
    expect(await readGraph(admin)).to.deep.equal(before);
    // on another address the same ports are free, as sockets bound to different addresses are
    await add('elsewhere', 5200);
    // a router's own transport holds its ports too
    await add('first holder', 5300);
    const second = await admin.post('/api/requestRouters/add', { json: addBody('second holder', 5300) });
    expectError(second, 409, 'SIP_PORT_IN_USE');
    expect(second.json.error.message).to.contain('first holder SIP transport');
  });

  it('refuses bad input naming the field and changes nothing', async () => {
    await add('taken router', 5400);
    const before = await readGraph(admin);
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [
        addBody('bad target', 5500, { routingTargets: ['tel:+4930123'] }),
        400,
        'REQUEST_ROUTER_INVALID',
        'routingTargets[0]',
      ],
      [
        addBody('bad target', 5500, { routingTargets: ['sip:a.example', 'sip:a.example'] }),
        400,
        'REQUEST_ROUTER_INVALID',
        'routingTargets[1]',
      ],
      [
        addBody('bad port', 5500, { portOptions: { udpTcpPort: 5500, tlsPort: 70000 } }),
        400,
        'REQUEST_ROUTER_INVALID',
        'portOptions.tlsPort',
      ],
      [
        addBody('bad port', 5500, { portOptions: { udpTcpPort: 5500, tlsPort: 5500 } }),
        400,
        'REQUEST_ROUTER_INVALID',
        'portOptions.tlsPort',
      ],
      [
        addBody('bad port', 5500, { portOptions: { udpTcpPort: '5500', tlsPort: 5501 } }),
        400,
        'VALIDATION_FAILED',
        'portOptions.udpTcpPort',
      ],
      [
        addBody('bad range', 5500, {
          portOptions: { udpTcpPort: 5500, tlsPort: 5501, udpPortRange: { firstPort: 12000, lastPort: 9000 } },
        }),
        400,
        'REQUEST_ROUTER_INVALID',
        'portOptions.udpPortRange.lastPort',
      ],
      [
        addBody('no address', 5500, { networkControllerOptions: { createNewNetworkController: true } }),
        400,
        'REQUEST_ROUTER_INVALID',
        'networkControllerOptions.newNetworkControllerIpAddress',
      ],
      [
        addBody('bad address', 5500, {
          networkControllerOptions: { createNewNetworkController: true, newNetworkControllerIpAddress: '999.1.1.1' },
        }),
        400,
        'REQUEST_ROUTER_INVALID',
        'networkControllerOptions.newNetworkControllerIpAddress',
      ],
      [
        addBody('no controller', 5500, {
          networkControllerOptions: { createNewNetworkController: false, networkControllerId: UNKNOWN_ID },
        }),
        400,
        'REQUEST_ROUTER_INVALID',
        'networkControllerOptions.networkControllerId',
      ],
      [addBody('bad mode', 5500, { forwardingMode: 'SIDEWAYS' }), 400, 'VALIDATION_FAILED', 'forwardingMode'],
      [{ requestRouterName: 'no ports' }, 400, 'VALIDATION_FAILED', 'portOptions'],
      [addBody('', 5500), 400, 'REQUEST_ROUTER_INVALID', 'requestRouterName'],
      [addBody('taken router', 5500), 409, 'DISPLAY_NAME_TAKEN', 'requestRouterName'],
    ];
    for (const [json, status, code, field] of cases) {
      const response = await admin.post('/api/requestRouters/add', { json });
      expectError(response, status, code, { what: JSON.stringify(json).slice(0, 200) });
      expect(
        response.json.error.details.map((d: { field: string }) => d.field),
        response.text,
      ).to.include(field);
    }
    expect(await readGraph(admin)).to.deep.equal(before);
  });

  it('add on an existing network controller, by name', async () => {
    const controller = await createObject(admin, 'IN_STACK', 'rr shared eth', { ipAddress: '192.0.2.44' });
    const router = await add('on shared controller', 5600, {
      networkControllerOptions: { networkControllerId: 'rr shared eth' },
    });
    expect((await getObject(admin, router['incomingEdgeSipTransportId']))['networkControllerId']).to.equal(
      controller['id'],
    );
    // remove takes the transport it created, never the controller it did not
    expect(
      (await admin.delete('/api/requestRouters/remove', { query: { requestRouter: router['id'] } })).status,
    ).to.equal(200);
    expectError(await admin.get('/api/objects/get', { query: { id: router['incomingEdgeSipTransportId'] } }), 404);
    expect((await getObject(admin, controller['id']))['displayName']).to.equal('rr shared eth');
  });

  it('set changes what it is given and keeps the rest; objects/get and objects/set see the same router', async () => {
    const router = await add('set me', 5700);
    const connection = await createObject(admin, 'AN_SIPRT_ROUTE', 'rr route', { proxyIri: 'sip:proxy.example' });
    const set = await admin.post('/api/requestRouters/set', {
      query: { requestRouter: 'set me' },
      json: {
        ...router,
        displayName: 'set me renamed',
        forwardingMode: 'PRIMARY_TO_SECONDARY_EDGE',
        routes: [{ transportConnectionId: compact(connection['id']) }],
        routingTargets: ['sips:edge.example:5061'],
        primarySideOptions: { topologyHiding: true },
      },
    });
    expect(set.status, set.text).to.equal(200);
    expect(set.json).to.deep.equal({
      ...router,
      displayName: 'set me renamed',
      forwardingMode: 'PRIMARY_TO_SECONDARY_EDGE',
      routes: [{ transportConnectionId: connection['id'] }],
      routingTargets: ['sips:edge.example:5061'],
      primarySideOptions: { recordRoute: true, topologyHiding: true, maxForwards: 70 },
    });
    expect((await admin.get('/api/requestRouters/get', { query: { requestRouter: router['id'] } })).json).to.deep.equal(
      [set.json],
    );
    const object = await getObject(admin, router['id']);
    expect(object).to.include({ displayName: 'set me renamed', forwardingMode: 'PRIMARY_TO_SECONDARY_EDGE' });
    expect(object['transportConnectionIds']).to.deep.equal([connection['id']]);
    const viaObjects = await admin.put('/api/objects/set', {
      query: { id: router['id'] },
      json: { forwardingMode: 'DISABLED' },
    });
    expect(viaObjects.status, viaObjects.text).to.equal(200);
    expect(
      (await admin.get('/api/requestRouters/get', { query: { requestRouter: router['id'] } })).json[0].forwardingMode,
    ).to.equal('DISABLED');
    // the route's connection cannot go while the router uses it
    expectError(
      await admin.delete('/api/transportConnections/remove', { query: { transportConnection: connection['id'] } }),
      409,
      'TRANSPORT_CONNECTION_REFERENCED',
    );
    const unchanged = await admin.post('/api/requestRouters/set', { query: { requestRouter: router['id'] }, json: {} });
    expect(unchanged.json.forwardingMode).to.equal('DISABLED');
  });

  it('set refuses unknown references in both id shapes, a foreign id and bad values, changing nothing', async () => {
    const router = await add('set refused', 5800);
    const before = await readGraph(admin);
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [
        { routes: [{ transportConnectionId: UNKNOWN_ID }] },
        400,
        'REQUEST_ROUTER_INVALID',
        'routes[0].transportConnectionId',
      ],
      [
        { routes: [{ transportConnectionId: compact(UNKNOWN_ID) }] },
        400,
        'REQUEST_ROUTER_INVALID',
        'routes[0].transportConnectionId',
      ],
      [{ incomingEdgeSipTransportId: router['id'] }, 400, 'REQUEST_ROUTER_INVALID', 'incomingEdgeSipTransportId'],
      [{ operationalStateConditionId: UNKNOWN_ID }, 400, 'REQUEST_ROUTER_INVALID', 'operationalStateConditionId'],
      [{ id: UNKNOWN_ID }, 400, 'REQUEST_ROUTER_ID_MISMATCH', 'id'],
      [{ primarySideOptions: { maxForwards: 0 } }, 400, 'REQUEST_ROUTER_INVALID', 'primarySideOptions.maxForwards'],
      [{ routingTargets: ['mailto:a@b'] }, 400, 'REQUEST_ROUTER_INVALID', 'routingTargets[0]'],
      [{ useLocalNode: 'yes' }, 400, 'VALIDATION_FAILED', 'useLocalNode'],
      [{ displayName: 'Request Router REST' }, 409, 'DISPLAY_NAME_TAKEN', 'displayName'],
    ];
    for (const [json, status, code, field] of cases) {
      const response = await admin.post('/api/requestRouters/set', { query: { requestRouter: router['id'] }, json });
      expectError(response, status, code, { what: JSON.stringify(json) });
      expect(
        response.json.error.details.map((d: { field: string }) => d.field),
        response.text,
      ).to.include(field);
    }
    expectError(
      await admin.post('/api/requestRouters/set', { query: { requestRouter: UNKNOWN_ID }, json: {} }),
      404,
      'REQUEST_ROUTER_NOT_FOUND',
    );
    expect(await readGraph(admin)).to.deep.equal(before);
  });

  it('remove takes the router with the transport and controller its add created', async () => {
    const router = await add('remove me', 5900);
    const transport = await getObject(admin, router['incomingEdgeSipTransportId']);
    const removed = await admin.delete('/api/requestRouters/remove', {
      query: { requestRouter: compact(router['id']) },
    });
    expect(removed.status, removed.text).to.equal(200);
    for (const id of [router['id'], transport['id'], transport['networkControllerId']])
      expectError(await admin.get('/api/objects/get', { query: { id } }), 404);
    expectError(
      await admin.delete('/api/requestRouters/remove', { query: { requestRouter: router['id'] } }),
      404,
      'REQUEST_ROUTER_NOT_FOUND',
    );
  });

  it("keeps the specification's permissions: CFG-R may set and remove, only CFG-W may add", async () => {
    const reader = await configurationReader(gateway, 'rrreader');
    const before = await readGraph(admin);
    expectError(await reader.post('/api/requestRouters/add', { json: addBody('by reader', 6000) }), 403);
    expect(await readGraph(admin)).to.deep.equal(before);
    const router = await add('reader target', 6100);
    expect((await reader.get('/api/requestRouters/get', { query: { requestRouter: router['id'] } })).status).to.equal(
      200,
    );
    const set = await reader.post('/api/requestRouters/set', {
      query: { requestRouter: router['id'] },
      json: { forwardingMode: 'DISABLED' },
    });
    expect(set.status, set.text).to.equal(200);
    expect(
      (await reader.delete('/api/requestRouters/remove', { query: { requestRouter: router['id'] } })).status,
    ).to.equal(200);
  });

  it('a router added through the view commits', async () => {
    await add('committed router', 6200);
    const commit = await admin.post('/api/coreConfig/commit');
    expect(commit.status, commit.text).to.equal(200);
  });
});
