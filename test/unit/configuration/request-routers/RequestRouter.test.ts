import { expect } from 'chai';
import {
  AddRequestRouter,
  type NewRequestRouter,
} from '../../../../src/contexts/configuration/request-routers/application/AddRequestRouter.js';
import { RemoveRequestRouter } from '../../../../src/contexts/configuration/request-routers/application/RemoveRequestRouter.js';
import { SetRequestRouter } from '../../../../src/contexts/configuration/request-routers/application/SetRequestRouter.js';
import {
  checkRouterPorts,
  RequestRouter,
  type RequestRouterState,
} from '../../../../src/contexts/configuration/request-routers/domain/RequestRouter.js';
import { RequestRouterMapper } from '../../../../src/contexts/configuration/request-routers/domain/RequestRouterMapper.js';
import { DEFAULT_LAB } from '../../../../src/shared/domain/LabId.js';
import { failure } from '../support/ObjectsHarness.js';
import { seedSipNode, ViewHarness } from '../transport/transportHarness.js';

const ID = '00000000-0000-4000-8000-0000000000e1';
const SIDE = { recordRoute: true, topologyHiding: false, maxForwards: 70 };

function state(overrides: Partial<RequestRouterState> = {}): RequestRouterState {
  return {
    id: ID,
    displayName: 'router',
    forwardingMode: 'BI_DIRECTIONAL',
    useLocalNode: false,
    routingTargets: ['sip:localhost:5070'],
    incomingEdgeSipTransportId: undefined,
    outgoingEdgeSipTransportId: undefined,
    routeConnectionIds: [],
    operationalStateConditionId: undefined,
    udpPortRange: { firstPort: 9000, lastPort: 12000 },
    primarySideOptions: SIDE,
    secondarySideOptions: SIDE,
    ...overrides,
  };
}

function fields(work: () => unknown): string[] {
  try {
    work();
  } catch (error) {
    return (error as { details: Array<{ field: string }> }).details.map((d) => d.field);
  }
  throw new Error('expected a failure');
}

describe('RequestRouter (entity and mapper)', () => {
  it('checks targets, ranges, side options and routes, naming the fields', () => {
    expect(fields(() => new RequestRouter(state({ routingTargets: ['tel:+49'] })))).to.deep.equal([
      'routingTargets[0]',
    ]);
    expect(fields(() => new RequestRouter(state({ udpPortRange: { firstPort: 10, lastPort: 5 } })))).to.deep.equal([
      'udpPortRange.lastPort',
    ]);
    expect(fields(() => new RequestRouter(state({ primarySideOptions: { ...SIDE, maxForwards: 256 } })))).to.deep.equal(
      ['primarySideOptions.maxForwards'],
    );
    expect(fields(() => new RequestRouter(state({ routeConnectionIds: [ID, ID] })))).to.deep.equal([
      'routes[1].transportConnectionId',
    ]);
    expect(
      fields(() =>
        checkRouterPorts({
          udpTcpPort: 5060,
          tlsPort: 5060,
          tcpPortRange: { firstPort: 1, lastPort: 2 },
          udpPortRange: { firstPort: 1, lastPort: 2 },
        }),
      ),
    ).to.deep.equal(['portOptions.tlsPort']);
  });

  it('maps to a SIPPX_STACK object and back to the same router', () => {
    const router = new RequestRouter(
      state({
        forwardingMode: 'DISABLED',
        useLocalNode: true,
        secondarySideOptions: { recordRoute: false, topologyHiding: true, maxForwards: 10 },
      }),
    );
    const object = RequestRouterMapper.toObject(DEFAULT_LAB, router, undefined);
    expect(object.sort).to.equal('SIPPX_STACK');
    expect(RequestRouterMapper.fromObject(object).snapshot()).to.deep.equal(router.snapshot());
  });
});

describe('request router use cases (in memory)', () => {
  let h: ViewHarness;
  let add: AddRequestRouter;
  beforeEach(() => {
    h = new ViewHarness('routers');
    add = new AddRequestRouter(h.writes, h.ids);
  });

  function request(overrides: Partial<NewRequestRouter> = {}): NewRequestRouter {
    return {
      name: 'edge',
      routingTargets: ['sip:localhost:5070'],
      useLocalNode: false,
      forwardingMode: 'BI_DIRECTIONAL',
      ports: {
        udpTcpPort: 5070,
        tlsPort: 5071,
        tcpPortRange: { firstPort: 9000, lastPort: 12000 },
        udpPortRange: { firstPort: 9000, lastPort: 12000 },
      },
      controller: { create: true, ipAddress: '127.0.0.1' },
      ...overrides,
    };
  }

  it('add creates router, transport and controller together; remove takes the three', async () => {
    const router = await add.execute(h.lab, request());
    const all = await h.all();
    expect(all.map((o) => o.sort).sort()).to.deep.equal(['IN_STACK', 'SIPPX_STACK', 'SIPST_STACK']);
    const transport = all.find((o) => o.sort === 'SIPST_STACK')!;
    expect(router.snapshot().incomingEdgeSipTransportId).to.equal(transport.id);
    expect(transport.parameters).to.include({ udpTcpPort: 5070, tlsPort: 5071 });
    await new RemoveRequestRouter(h.writes).execute(h.lab, 'edge');
    expect(await h.all()).to.deep.equal([]);
  });

  it('add refuses a port a SIP transport holds on the same address and stores nothing; another address may share it', async () => {
    const { transport, controller } = await seedSipNode(h, 'n', 5070);
    const before = await h.state();
    for (const choice of [
      { create: true, ipAddress: '192.0.2.10' } as const,
      { create: false, networkController: controller.id } as const,
      { create: true, ipAddress: '0.0.0.0' } as const,
    ]) {
      const refused = await failure(() => add.execute(h.lab, request({ controller: choice })));
      expect(refused.code).to.equal('SIP_PORT_IN_USE');
      expect(refused.details[0]!.message).to.contain(transport.id);
      expect(await h.state()).to.deep.equal(before);
    }
    const elsewhere = await add.execute(h.lab, request());
    expect(elsewhere.displayName).to.equal('edge');
  });

  it('set changes only what it is given and stores nothing for a change that changes nothing', async () => {
    const router = await add.execute(h.lab, request());
    const set = new SetRequestRouter(h.writes);
    const changed = await set.execute(h.lab, router.id, {
      forwardingMode: 'DISABLED',
      primarySideOptions: { maxForwards: 5 },
    });
    expect(changed.snapshot()).to.deep.equal({
      ...router.snapshot(),
      forwardingMode: 'DISABLED',
      primarySideOptions: { ...SIDE, maxForwards: 5 },
    });
    const version = (await h.find(router.id))!.version;
    await set.execute(h.lab, router.id, {});
    expect((await h.find(router.id))!.version).to.equal(version);
    expect(
      (await failure(() => set.execute(h.lab, router.id, { incomingEdgeSipTransportId: router.id }))).details[0]!.field,
    ).to.equal('incomingEdgeSipTransportId');
  });
});
