import { expect } from 'chai';
import {
  AddTransportConnection,
  type NewTransportConnection,
} from '../../../../src/contexts/configuration/transport/application/AddTransportConnection.js';
import { GetTransportConnection } from '../../../../src/contexts/configuration/transport/application/GetTransportConnection.js';
import { ListNodeTransportConnections } from '../../../../src/contexts/configuration/transport/application/ListNodeTransportConnections.js';
import { RemoveTransportConnection } from '../../../../src/contexts/configuration/transport/application/RemoveTransportConnection.js';
import { SetConnectionAuthentication } from '../../../../src/contexts/configuration/transport/application/SetConnectionAuthentication.js';
import { SetConnectionUri } from '../../../../src/contexts/configuration/transport/application/SetConnectionUri.js';
import {
  TransportConnection,
  type TransportConnectionState,
} from '../../../../src/contexts/configuration/transport/domain/TransportConnection.js';
import { TransportConnectionMapper } from '../../../../src/contexts/configuration/transport/domain/TransportConnectionMapper.js';
import { ObjectRules } from '../../../../src/contexts/configuration/graph/domain/ObjectRules.js';
import { failure } from '../support/ObjectsHarness.js';
import { seedSipNode, ViewHarness } from './transportHarness.js';

const ID = '00000000-0000-4000-8000-0000000000c1';
const OTHER = '00000000-0000-4000-8000-0000000000c2';

function standard(overrides: Partial<TransportConnectionState> = {}): TransportConnectionState {
  return {
    id: ID,
    displayName: 'trunk',
    sipNodeId: undefined,
    conditionId: undefined,
    authenticationEnabled: false,
    credentialsId: undefined,
    assertedAddress: undefined,
    settings: {
      kind: 'STANDARD',
      proxy: {
        iri: 'sip:proxy.example',
        options: true,
        optionsNextHop: false,
        omitInitialRouteSet: false,
        flow: false,
      },
      authenticationPolicy: 'ON_CHALLENGE',
      registration: { sipDomain: '', addressOfRecord: '' },
    },
    ...overrides,
  };
}

function thrown(work: () => unknown): { code: string; details: Array<{ field?: string }> } {
  try {
    work();
  } catch (error) {
    return error as never;
  }
  throw new Error('expected a failure');
}

describe('TransportConnection (entity)', () => {
  it('checks URIs, ranges and members in the constructor, naming the wire fields', () => {
    expect(
      thrown(
        () =>
          new TransportConnection(
            standard({
              settings: {
                ...standard().settings,
                proxy: { ...(standard().settings as any).proxy, iri: 'http://x' },
              } as never,
            }),
          ),
      ).details.map((d) => d.field),
    ).to.deep.equal(['proxy.iri']);
    expect(thrown(() => new TransportConnection(standard({ displayName: ' ' }))).details[0]!.field).to.equal(
      'displayName',
    );
    expect(thrown(() => new TransportConnection(standard({ authenticationEnabled: true }))).details[0]!.field).to.equal(
      'authenticationEnabled',
    );
    expect(
      thrown(() => new TransportConnection(standard({ assertedAddress: { uri: 'tel:x', displayName: '' } })))
        .details[0]!.field,
    ).to.equal('assertedAddress.uri');
    const lb = (memberIds: string[]) =>
      standard({
        settings: {
          kind: 'SIP_LOAD_BALANCING',
          distribution: 'PRIORITY',
          memberIds,
          failoverSipStatusCodes: '408',
          failoverOnTimeout: true,
        },
      });
    expect(thrown(() => new TransportConnection(lb([]))).details[0]!.field).to.equal('members');
    expect(thrown(() => new TransportConnection(lb([OTHER, OTHER]))).details[0]!.field).to.equal(
      'members[1].transportConnectionId',
    );
    expect(thrown(() => new TransportConnection(lb([ID]))).details[0]!.field).to.equal(
      'members[0].transportConnectionId',
    );
    expect(
      thrown(
        () =>
          new TransportConnection(
            standard({
              settings: {
                kind: 'SIP_REGISTRATION',
                registrar: { iri: 'sip:r.example' },
                addressOfRecord: 'sip:a@r.example',
                expiresSeconds: 59,
                contactUser: '',
              },
            }),
          ),
      ).details[0]!.field,
    ).to.equal('expiresSeconds');
    expect(
      thrown(
        () =>
          new TransportConnection(
            standard({
              settings: { kind: 'SRV_LOAD_BALANCER', domain: 'bad domain', service: '_sip._udp', refreshSeconds: 300 },
            }),
          ),
      ).details[0]!.field,
    ).to.equal('domain');
  });

  it('mutators keep the invariants and refuse what a kind has not', () => {
    const connection = new TransportConnection(standard());
    connection.assert({ uri: 'tel:+4930123', displayName: 'Main' });
    expect(connection.assertedIdentity()).to.deep.equal({ uri: 'tel:+4930123', displayName: 'Main' });
    expect(thrown(() => connection.assert({ uri: 'sip:bad host', displayName: '' })).details[0]!.field).to.equal('uri');
    expect(connection.assertedIdentity().uri).to.equal('tel:+4930123');
    connection.registerAs('sip:aor@example.net');
    expect(connection.addressOfRecord).to.equal('sip:aor@example.net');
    expect(thrown(() => connection.registerAs('tel:+49')).details[0]!.field).to.equal('uri');
    const lb = new TransportConnection(
      standard({
        settings: {
          kind: 'SIP_LOAD_BALANCING',
          distribution: 'PRIORITY',
          memberIds: [OTHER],
          failoverSipStatusCodes: '408',
          failoverOnTimeout: true,
        },
      }),
    );
    expect(thrown(() => lb.authenticateWith(OTHER)).code).to.equal('TRANSPORT_CONNECTION_KIND_MISMATCH');
    expect(thrown(() => lb.addressOfRecord).code).to.equal('TRANSPORT_CONNECTION_KIND_MISMATCH');
  });
});

describe('transport connection use cases (in memory)', () => {
  let h: ViewHarness;
  let add: AddTransportConnection;
  beforeEach(() => {
    h = new ViewHarness('transport');
    add = new AddTransportConnection(h.writes, h.ids);
  });

  function request(sipNodeId: string, overrides: Partial<NewTransportConnection> = {}): NewTransportConnection {
    const { id: _id, sipNodeId: _node, ...state } = standard();
    return { ...state, sipNodeId, ...overrides };
  }

  it('add stores a catalog-valid object, appends it to the node and maps back to the same connection', async () => {
    const { node } = await seedSipNode(h);
    const added = await add.execute(h.lab, request(node.id, { displayName: 'first' }));
    const stored = (await h.find(added.connection.id))!;
    expect(stored.sort).to.equal('AN_SIPRT_ROUTE');
    expect(ObjectRules.check(stored.snapshot(), () => 'SIPAUTH_STACK')).to.deep.equal([]);
    expect((await h.find(node.id))!.referencesIn('transportConnectionIds')).to.deep.equal([added.connection.id]);
    const back = TransportConnectionMapper.fromGraph(await h.graph(), stored);
    expect(back.snapshot()).to.deep.equal({
      ...standard({ id: added.connection.id, displayName: 'first' }),
      sipNodeId: node.id,
    });
    expect(await h.status()).to.equal('modified');
    const listed = await new ListNodeTransportConnections(h.reader).execute(h.lab, node.displayName);
    expect(listed.map((l) => [l.connection.displayName, l.priority])).to.deep.equal([['first', 1]]);
  });

  it('add refuses an unknown node, a taken name and an invalid value, storing nothing', async () => {
    const { node } = await seedSipNode(h);
    await add.execute(h.lab, request(node.id, { displayName: 'taken' }));
    const before = await h.state();
    expect((await failure(() => add.execute(h.lab, request(OTHER)))).details[0]!.field).to.equal('sipNodeId');
    expect((await failure(() => add.execute(h.lab, request(node.id, { displayName: 'taken' })))).code).to.equal(
      'DISPLAY_NAME_TAKEN',
    );
    expect(
      (await failure(() => add.execute(h.lab, request(node.id, { conditionId: OTHER })))).details[0]!.field,
    ).to.equal('conditionId');
    expect(await h.state()).to.deep.equal(before);
  });

  it('authentication creates own credentials, updates them in place, and never changes shared ones', async () => {
    const { node } = await seedSipNode(h);
    const shared = await h.seed('SIPAUTH_STACK', 'shared', { username: 'shared', password: 'pw' });
    const a = await add.execute(
      h.lab,
      request(node.id, { displayName: 'a', credentialsId: shared.id, authenticationEnabled: true }),
    );
    const b = await add.execute(
      h.lab,
      request(node.id, { displayName: 'b', credentialsId: shared.id, authenticationEnabled: true }),
    );
    const set = new SetConnectionAuthentication(h.writes, h.ids);
    const own = await set.execute(h.lab, a.connection.id, 'alice', 'secret-1');
    expect(own.credentials!.id).to.not.equal(shared.id);
    expect((await h.find(shared.id))!.parameters['password']).to.equal('pw');
    const again = await set.execute(h.lab, a.connection.id, 'alice2', 'secret-2');
    expect(again.credentials!.id).to.equal(own.credentials!.id);
    expect((await h.find(own.credentials!.id))!.parameters).to.include({ username: 'alice2', password: 'secret-2' });
    expect((await new GetTransportConnection(h.reader).execute(h.lab, b.connection.id)).credentials!.id).to.equal(
      shared.id,
    );
    // nothing changes: no beforeChange, no new version
    const version = (await h.find(own.credentials!.id))!.version;
    await set.execute(h.lab, a.connection.id, 'alice2', 'secret-2');
    expect((await h.find(own.credentials!.id))!.version).to.equal(version);
  });

  it('asserted URI and address of record round-trip through the mapper', async () => {
    const { node } = await seedSipNode(h);
    const added = await add.execute(h.lab, request(node.id));
    const setUri = new SetConnectionUri(h.writes);
    await setUri.execute(h.lab, added.connection.id, 'assertedUri', {
      uri: 'sips:pai@example.net',
      displayName: 'PAI',
    });
    await setUri.execute(h.lab, 'trunk', 'addressOfRecord', { uri: 'sip:aor@example.net', displayName: '' });
    const stored = (await h.find(added.connection.id))!;
    expect(stored.parameters).to.include({
      assertedAddress: 'sips:pai@example.net',
      assertedDisplayName: 'PAI',
      addressOfRecord: 'sip:aor@example.net',
    });
    expect(
      (
        await failure(() =>
          setUri.execute(h.lab, added.connection.id, 'addressOfRecord', { uri: 'sip:a@b.example', displayName: 'x' }),
        )
      ).details[0]!.field,
    ).to.equal('displayName');
  });

  it('remove refuses while referenced unless forced, then cleans the referrers and the node', async () => {
    const { node } = await seedSipNode(h);
    const member = await add.execute(h.lab, request(node.id, { displayName: 'member' }));
    const lb = await add.execute(
      h.lab,
      request(node.id, {
        displayName: 'lb',
        settings: {
          kind: 'SIP_LOAD_BALANCING',
          distribution: 'PRIORITY',
          memberIds: [member.connection.id],
          failoverSipStatusCodes: '408',
          failoverOnTimeout: true,
        },
      }),
    );
    const remove = new RemoveTransportConnection(h.writes);
    const before = await h.state();
    const refused = await failure(() => remove.execute(h.lab, member.connection.id, false));
    expect(refused.code).to.equal('TRANSPORT_CONNECTION_REFERENCED');
    expect(refused.details[0]!.message).to.contain(lb.connection.id);
    expect(await h.state()).to.deep.equal(before);
    await remove.execute(h.lab, member.connection.id, true);
    expect(await h.find(member.connection.id)).to.equal(undefined);
    expect((await h.find(lb.connection.id))!.referencesIn('transportConnectionIds')).to.deep.equal([]);
    expect((await h.find(node.id))!.referencesIn('transportConnectionIds')).to.deep.equal([lb.connection.id]);
  });
});
