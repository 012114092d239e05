import { expect } from 'chai';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import {
  CommittedGateway,
  DialString,
  DialStrings,
  type GatewayPlan,
} from '../../../src/contexts/configuration/index.js';
import {
  endpointOfIri,
  simulatedAddress,
} from '../../../src/contexts/configuration/runtime/domain/compileGatewayPlan.js';
import { TestGateway } from '../../support/TestGateway.js';
import { PROFILES, addProvider, addSystem } from './nodesSupport.js';
import { TO_E164 } from './routingSupport.js';

const V1 = { version: 1 };

describe('the committed configuration compiled for the simulator (CommittedGateway)', function () {
  this.timeout(60_000);
  let gateway: TestGateway;
  let ids: { pbx: string; carrierA: string; carrierB: string };

  before(async () => {
    gateway = await TestGateway.start({ store: 'memory' });
    const admin = gateway.admin();
    const [pbx] = await addSystem(admin, PROFILES.genericPbx, { displayName: 'PBX', udpTcpPort: 5070, tlsPort: 5071 });
    const [carrierA] = await addProvider(admin, PROFILES.genericCarrier, {
      displayName: 'Carrier A',
      credentials: { username: 'a', password: 'Trunk-Secret-Pw-4711!' },
      udpTcpPort: 5080,
      tlsPort: 5081,
    });
    const [carrierB] = await addProvider(admin, PROFILES.genericCarrier, {
      displayName: 'Carrier B',
      credentials: { username: 'b', password: 'Trunk-Secret-Pw-4711!' },
      udpTcpPort: 5090,
      tlsPort: 5091,
    });
    ids = { pbx: pbx!.id, carrierA: carrierA!.id, carrierB: carrierB!.id };
    const domain = await admin.post('/api/routingDomains/add', {
      ...V1,
      json: { displayName: 'Main', sourceNodes: [ids.pbx, ids.carrierA] },
    });
    expect(domain.status, domain.text).to.equal(200);
    const route = await admin.post('/api/routingDomains/routes/add', {
      ...V1,
      query: { routingDomain: 'Main' },
      json: {
        displayName: 'national',
        enabled: true,
        establishment: {
          action: 'ACCEPT',
          routingTargets: [
            {
              destinationNodeId: ids.carrierA,
              routingForwardProfileId: '',
              destinationDialStringRewriting: TO_E164,
              failoverStatusMatch: { telStatusList: ['ERROR'], sipStatusCodes: '480-486,500-599' },
            },
            { destinationNodeId: ids.carrierB, routingForwardProfileId: '', destinationDialStringRewriting: TO_E164 },
          ],
        },
        filters: [{ sourceNodeIds: [ids.pbx], destinationDialString: { type: 'WILDCARD', wildcardPattern: '0*' } }],
      },
    });
    expect(route.status, route.text).to.equal(200);
    const rewriting = await admin.post('/api/dialStringRewriting/add', {
      json: {
        displayName: 'strip +49',
        rules: [
          {
            index: 0,
            displayName: 'German numbers',
            comment: '',
            rewriteType: 'prefixAndSuffix',
            prefix: '+49',
            suffix: '',
            deleteLeadingCharacters: 3,
            deleteTrailingCharacters: 0,
            addPrefix: '0',
            addSuffix: '',
            addExtTrailingDigits: 0,
            case: 'unchanged',
            clearDisplayName: false,
            skipRulesBelow: false,
            skipFurtherRules: true,
            applyToSourceDialString: true,
            applyToDestinationDialString: false,
            applyToAllDialStrings: false,
          },
        ],
      },
    });
    expect(rewriting.status, rewriting.text).to.equal(200);
    expect(
      (
        await admin.put('/api/objects/set', {
          query: { id: ids.carrierA },
          json: { incomingDialStringRewritingId: rewriting.json.id },
        })
      ).status,
    ).to.equal(200);
  });
  after(() => gateway.stop());

  const plan = (): Promise<GatewayPlan> => gateway.get(CommittedGateway).plan(DEFAULT_LAB);

  it('answers the factory configuration until the operator commits: nothing of the working revision leaks in', async () => {
    const before = await plan();
    expect(before.nodes.has(ids.pbx)).to.equal(false);
    expect(before.route({ sourceNodeId: ids.pbx, source: '100', destination: '0301234' })).to.equal(undefined);
  });

  it('after a commit, carries the nodes with their endpoints and rewritings, and routes as the route matcher does', async () => {
    const changes: GatewayPlan[] = [];
    const unsubscribe = gateway.get(CommittedGateway).onChange((p) => changes.push(p));
    const admin = gateway.admin();
    expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
    const committed = await plan();
    unsubscribe();
    expect(changes.map((p) => p.generation)).to.deep.equal([committed.generation]);

    const pbx = committed.nodes.get(ids.pbx)!;
    expect(pbx).to.include({ displayName: 'PBX', enabled: true });
    expect(pbx.local).to.deep.equal({ host: '192.0.2.10', port: 5070, transport: 'UDP', address: '192.0.2.10' });
    expect(committed.nodes.get(ids.carrierB)!.local.port).to.equal(5090);
    expect(committed.sourceNodes.map((n) => n.displayName).sort()).to.deep.equal(['Carrier A', 'PBX']);
    const carrierA = committed.nodes.get(ids.carrierA)!;
    expect(carrierA.remote).to.deep.equal({
      host: 'sip.carrier.example.net',
      port: 5060,
      transport: 'UDP',
      address: simulatedAddress('sip.carrier.example.net'),
    });
    expect(carrierA.remote!.address).to.match(/^203\.0\.113\.\d+$/);
    expect(pbx.local.address).to.equal('192.0.2.10');
    expect(carrierA.incomingRewriting, 'the carrier node has its incoming rewriting').to.not.equal(undefined);
    expect(
      carrierA
        .incomingRewriting!.apply(
          new DialStrings({ source: DialString.of('+49301234'), destination: DialString.of('100') }),
        )
        .dialStrings.get('source')!.text,
    ).to.equal('0301234');

    const routed = committed.route({ sourceNodeId: ids.pbx, source: '100', destination: '0301234567' })!;
    expect(routed.routingDomainName).to.equal('Main');
    expect(routed.match.route.displayName).to.equal('national');
    expect(routed.match.targets.map((t) => [t.destinationNodeId, t.dialStrings.destination])).to.deep.equal([
      [ids.carrierA, '+49301234567'],
      [ids.carrierB, '+49301234567'],
    ]);
    expect(routed.match.targets[0]!.failover(503)).to.equal(true);
    expect(routed.match.targets[0]!.failover(404)).to.equal(false);
    expect(committed.route({ sourceNodeId: ids.pbx, source: '100', destination: '112' }), 'no route matches').to.equal(
      undefined,
    );
    expect(
      committed.route({ sourceNodeId: ids.carrierB, source: '100', destination: '0301' }),
      'not a source node of any domain',
    ).to.equal(undefined);
  });

  it('keeps answering the committed plan while the working revision changes, and takes a disabled node on the next commit', async () => {
    const admin = gateway.admin();
    const committed = await plan();
    expect((await admin.post('/api/nodes/disable', { query: { node: 'Carrier A' } })).status).to.be.oneOf([200, 204]);
    expect(await plan(), 'an uncommitted change does not reach the simulator').to.equal(committed);
    expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
    const next = await plan();
    expect(next.generation).to.be.greaterThan(committed.generation);
    expect(next.nodes.get(ids.carrierA)!.enabled).to.equal(false);
    expect(next.sourceNodes.map((n) => n.displayName)).to.deep.equal(['PBX']);
  });
});

describe('endpointOfIri', () => {
  it('reads host, port and transport of SIP IRIs, with the default ports', () => {
    expect(endpointOfIri('sip:carrier.example:5070;transport=tcp')).to.deep.equal({
      host: 'carrier.example',
      port: 5070,
      transport: 'TCP',
      address: simulatedAddress('carrier.example'),
    });
    expect(endpointOfIri('sips:secure.example')).to.include({ host: 'secure.example', port: 5061, transport: 'TLS' });
    expect(endpointOfIri('sip:trunk@198.51.100.7')).to.deep.equal({
      host: '198.51.100.7',
      port: 5060,
      transport: 'UDP',
      address: '198.51.100.7',
    });
    expect(endpointOfIri('198.51.100.7:5080', 'TCP')).to.deep.equal({
      host: '198.51.100.7',
      port: 5080,
      transport: 'TCP',
      address: '198.51.100.7',
    });
    expect(endpointOfIri('sip:[2001:db8::1]:5062')).to.include({ host: '2001:db8::1', port: 5062, transport: 'UDP' });
    expect(endpointOfIri('')).to.equal(undefined);
    expect(simulatedAddress('a.example')).to.equal(simulatedAddress('a.example'));
    expect(simulatedAddress('a.example')).to.not.equal(simulatedAddress('b.example'));
    expect(endpointOfIri('sip:')).to.equal(undefined);
  });
});
