import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { DEFAULT_LAB } from '../../../../src/shared/domain/LabId.js';
import { ConfigObject, type ParameterValue } from '../../../../src/contexts/configuration/graph/domain/ConfigObject.js';
import { IndexedGraph } from '../../../../src/contexts/configuration/graph/domain/GraphView.js';
import type { ObjectSort } from '../../../../src/contexts/configuration/graph/domain/ObjectSort.js';
import { compileGatewayPlan } from '../../../../src/contexts/configuration/runtime/domain/compileGatewayPlan.js';
import type { GatewayPlan, PlanNode } from '../../../../src/contexts/configuration/runtime/domain/GatewayPlan.js';
import { ConfigurationFile } from '../../../../src/contexts/configuration/revisions/application/ConfigurationFile.js';
import { CommittedGatewayController } from '../../../../src/contexts/configuration/runtime/interface/http/CommittedGatewayController.js';
import { CommittedGateway } from '../../../../src/contexts/configuration/index.js';
import type { OperationRequest } from '../../../../src/shared/interface/http/Operation.js';
import { DEMO_DIRECTORY } from '../../../../src/app/demo/demoDirectory.js';

const DEMO_CONFIGURATION_FILE = 'gateway.xzconfig';

const CERTIFICATE = '-----BEGIN CERTIFICATE-----\nMIIBnode\n-----END CERTIFICATE-----';
const CHAIN = '-----BEGIN CERTIFICATE-----\nMIIBissuer\n-----END CERTIFICATE-----';
const KEY = '-----BEGIN PRIVATE KEY-----\nMIIBkey\n-----END PRIVATE KEY-----';

let counter = 0;
function id(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${counter.toString(16).padStart(12, '0')}`;
}

/** A small graph built object by object; `add` answers the new object's id. */
class GraphBuilder {
  readonly objects: ConfigObject[] = [];

  add(
    sort: ObjectSort,
    displayName: string,
    parameters: { [name: string]: ParameterValue } = {},
    references: { [slot: string]: readonly string[] } = {},
  ): string {
    const objectId = id();
    this.objects.push(ConfigObject.create(DEFAULT_LAB, { id: objectId, sort, displayName, parameters, references }));
    return objectId;
  }

  compile(): GatewayPlan {
    return compileGatewayPlan(DEFAULT_LAB, new IndexedGraph(this.objects), 1, new Date('2026-01-01T00:00:00Z'));
  }
}

function node(plan: GatewayPlan, displayName: string): PlanNode {
  const found = [...plan.nodes.values()].find((n) => n.displayName === displayName);
  expect(found, `node ${displayName}`).to.not.equal(undefined);
  return found!;
}

function demoPlan(): GatewayPlan {
  const snapshots = ConfigurationFile.read(readFileSync(`${DEMO_DIRECTORY}/${DEMO_CONFIGURATION_FILE}`));
  return compileGatewayPlan(
    DEFAULT_LAB,
    new IndexedGraph(snapshots.map((s) => new ConfigObject(DEFAULT_LAB, s))),
    1,
    new Date(),
  );
}

describe('the plan knows what a node needs on the wire (PlanNode.sip)', () => {
  it("reads listeners, identity, credentials, media and user agent through the node's objects", () => {
    const g = new GraphBuilder();
    const controller = g.add('IN_STACK', 'lo', { ipAddress: '127.0.0.1', rtpFirstPort: 30000, rtpLastPort: 30999 });
    const identity = g.add('CRY_X509_STACK', 'identity', {
      certificate: CERTIFICATE,
      certificateChain: CHAIN,
      privateKey: KEY,
    });
    const security = g.add('INS_STACK', 'tls', {}, { digitalIdentityId: [identity] });
    const transport = g.add(
      'SIPST_STACK',
      'transport',
      {
        udpEnabled: true,
        tcpEnabled: false,
        tlsEnabled: true,
        udpTcpPort: 5070,
        tlsPort: 5071,
        maxMessageSize: 8192,
      },
      { networkControllerId: [controller], networkSecurityProfileId: [security] },
    );
    const media = g.add('MNS_STACK', 'media', { rtpTimeoutSeconds: 30 });
    const userAgent = g.add(
      'SIPUA_STACK',
      'ua',
      { userAgentHeader: 'PBX/1.0' },
      { sipTransportId: [transport], mediaNegotiationId: [media] },
    );
    const credentials = g.add('SIPAUTH_STACK', 'credentials', {
      username: 'trunk',
      password: 'Trunk-Pw-1',
      authorizationUsername: 'auth-trunk',
      realm: 'carrier.example',
    });
    const connection = g.add(
      'AN_SIPRT_ROUTE',
      'connection',
      { proxyIri: 'sip:127.0.0.1:5090', authenticationEnabled: true },
      { credentialsId: [credentials] },
    );
    g.add('TELSIP_STACK', 'Trunk', {}, { sipUserAgentId: [userAgent], transportConnectionIds: [connection] });

    const sip = node(g.compile(), 'Trunk').sip;
    expect(sip).to.deep.include({
      udp: true,
      tcp: false,
      tls: true,
      udpTcpPort: 5070,
      tlsPort: 5071,
      maxMessageBytes: 8192,
      userAgent: 'PBX/1.0',
      registrar: undefined,
    });
    expect(sip.identity).to.deep.equal({ certificatePem: `${CERTIFICATE}\n${CHAIN}\n`, privateKeyPem: `${KEY}\n` });
    expect(sip.credentials).to.deep.equal({
      username: 'trunk',
      password: 'Trunk-Pw-1',
      authorizationUsername: 'auth-trunk',
      realm: 'carrier.example',
    });
    expect(sip.media).to.deep.equal({ firstPort: 30000, lastPort: 30999, timeoutSeconds: 30 });
  });

  it('a node without user agent or transport listens on UDP and TCP at its port with the defaults', () => {
    const g = new GraphBuilder();
    g.add('TELSIP_STACK', 'Bare');
    const bare = node(g.compile(), 'Bare');
    expect(bare.sip).to.deep.equal({
      udp: true,
      tcp: true,
      tls: false,
      udpTcpPort: bare.local.port,
      tlsPort: 5061,
      maxMessageBytes: 65535,
      identity: undefined,
      credentials: undefined,
      media: { firstPort: 40000, lastPort: 49999, timeoutSeconds: 0 },
      userAgent: 'gwsim',
      registrar: undefined,
    });
    expect(bare.local.port).to.equal(5060);
  });

  it('opens no TLS listener without a certificate and key, and gives no credentials to a connection that does not authenticate', () => {
    const g = new GraphBuilder();
    const controller = g.add('IN_STACK', 'lo', { ipAddress: '127.0.0.1' });
    const identity = g.add('CRY_X509_STACK', 'certificate only', { certificate: CERTIFICATE });
    const security = g.add('INS_STACK', 'tls', {}, { digitalIdentityId: [identity] });
    const transport = g.add(
      'SIPST_STACK',
      'transport',
      { tlsEnabled: true },
      { networkControllerId: [controller], networkSecurityProfileId: [security] },
    );
    const userAgent = g.add('SIPUA_STACK', 'ua', {}, { sipTransportId: [transport] });
    const credentials = g.add('SIPAUTH_STACK', 'credentials', { username: 'u', password: 'p' });
    const connection = g.add(
      'SIPRT_PLAIN_ROUTE',
      'plain',
      { destinationIri: 'sip:127.0.0.1', authenticationEnabled: false },
      { credentialsId: [credentials] },
    );
    g.add('TELSIP_STACK', 'Peer', {}, { sipUserAgentId: [userAgent], transportConnectionIds: [connection] });

    const sip = node(g.compile(), 'Peer').sip;
    expect(sip).to.deep.include({
      tls: false,
      identity: undefined,
      credentials: undefined,
      udpTcpPort: 5060,
      tlsPort: 5061,
    });
    // catalog defaults stand in for values an object leaves out: the user agent header is the catalog's, not gwsim
    expect(sip.userAgent).to.equal('anynode');
  });

  it('a load balancer answers challenges with the credentials of its first member that has some', () => {
    const g = new GraphBuilder();
    const credentials = g.add('SIPAUTH_STACK', 'credentials', { username: 'member', password: 'Member-Pw' });
    const bare = g.add('SIPRT_PLAIN_ROUTE', 'no auth', { destinationIri: 'sip:127.0.0.1:5091' });
    const member = g.add(
      'SIPRT_PLAIN_ROUTE',
      'auth',
      { destinationIri: 'sip:127.0.0.1:5092', authenticationEnabled: true },
      { credentialsId: [credentials] },
    );
    const balancer = g.add('AN_SIPLB_STACK', 'balancer', {}, { transportConnectionIds: [bare, member] });
    g.add('TELSIP_STACK', 'Balanced', {}, { transportConnectionIds: [balancer] });
    expect(node(g.compile(), 'Balanced').sip.credentials).to.deep.equal({
      username: 'member',
      password: 'Member-Pw',
      authorizationUsername: undefined,
      realm: undefined,
    });
  });

  it('a SIP phone registrar node carries its registrar: domain, policy, expiry bounds, challenge, and the users of its directory', () => {
    const g = new GraphBuilder();
    const local = g.add('USRDB_DIRECTORY', 'local', {
      users: [
        {
          name: 'alice',
          phoneNumber: '+4930100',
          extension: '100',
          sipUri: 'sip:alice.smith@phones.example',
          emailAddress: '',
        },
        { name: 'bob', phoneNumber: '', extension: '', sipUri: '', emailAddress: '' },
      ],
    });
    const numbers = g.add('USRTEL_DIRECTORY', 'numbers', { numberRanges: [{ firstNumber: '200', lastNumber: '202' }] });
    const both = g.add('USRAGG_DIRECTORY', 'both', {}, { directoryIds: [local, numbers] });
    const transport = g.add('SIPST_STACK', 'phones transport', { udpTcpPort: 5065, sipDomain: 'transport.example' });
    const userAgent = g.add('SIPUA_STACK', 'phones ua', {}, { sipTransportId: [transport] });
    const registrar = g.add(
      'TELSIPREG_REGISTRAR',
      'registrar',
      {
        sipDomain: 'phones.example',
        acceptPolicy: 'DIRECTORY',
        minExpiresSeconds: 120,
        maxExpiresSeconds: 7200,
        authenticationRequired: false,
      },
      { directoryId: [both], sipTransportId: [transport] },
    );
    g.add(
      'TELSIP_STACK',
      'Phones',
      { nodeRole: 'SIP_PHONE_REGISTRAR' },
      { sipUserAgentId: [userAgent], registrarId: [registrar] },
    );
    g.add('TELSIP_STACK', 'Not a registrar', { nodeRole: 'SYSTEM' });
    g.add('TELSIP_STACK', 'Registrar without object', { nodeRole: 'SIP_PHONE_REGISTRAR' });

    const plan = g.compile();
    const phones = node(plan, 'Phones').sip.registrar!;
    expect(phones).to.deep.include({
      domain: 'phones.example',
      acceptPolicy: 'DIRECTORY',
      minExpiresSeconds: 120,
      maxExpiresSeconds: 7200,
      authenticationRequired: false,
    });
    expect([...phones.users.keys()].sort()).to.deep.equal([
      '+4930100',
      '100',
      '200',
      '201',
      '202',
      'alice',
      'alice.smith',
      'bob',
    ]);
    expect(phones.users.get('alice'), 'no credentials object names alice').to.equal(undefined);
    expect(node(plan, 'Phones').sip.udpTcpPort).to.equal(5065);
    expect(node(plan, 'Not a registrar').sip.registrar).to.equal(undefined);
    const bare = node(plan, 'Registrar without object').sip.registrar!;
    expect(bare).to.deep.include({
      acceptPolicy: 'ALWAYS',
      minExpiresSeconds: 60,
      maxExpiresSeconds: 3600,
      authenticationRequired: true,
      domain: '127.0.0.1',
    });
    expect(bare.users.size).to.equal(0);
  });

  describe("a registering phone's password is its SIP credentials object's", () => {
    function registrarWith(policy: string, build: (g: GraphBuilder) => void): Map<string, string | undefined> {
      const g = new GraphBuilder();
      const directory = g.add('USRDB_DIRECTORY', 'phones', {
        users: [
          { name: 'alice', phoneNumber: '', extension: '100', sipUri: '', emailAddress: '' },
          { name: 'bob', phoneNumber: '', extension: '', sipUri: '', emailAddress: '' },
          { name: 'carol', phoneNumber: '', extension: '', sipUri: '', emailAddress: '' },
          { name: 'dave', phoneNumber: '', extension: '', sipUri: '', emailAddress: '' },
        ],
      });
      const registrar = g.add(
        'TELSIPREG_REGISTRAR',
        'registrar',
        { sipDomain: 'phones.example', acceptPolicy: policy },
        { directoryId: [directory] },
      );
      g.add('TELSIP_STACK', 'Phones', { nodeRole: 'SIP_PHONE_REGISTRAR' }, { registrarId: [registrar] });
      build(g);
      return new Map(node(g.compile(), 'Phones').sip.registrar!.users);
    }

    it('by user name or authorization user name; a directory user without credentials has none', () => {
      const users = registrarWith('DIRECTORY', (g) => {
        g.add('SIPAUTH_STACK', 'alice phone', { username: 'alice', password: 'Alice-Pw' });
        g.add('SIPAUTH_STACK', 'bob phone', { username: 'bob-line', authorizationUsername: 'bob', password: 'Bob-Pw' });
        g.add('SIPAUTH_STACK', 'stranger', { username: 'mallory', password: 'Mallory-Pw' });
      });
      expect(users.get('alice')).to.equal('Alice-Pw');
      expect(users.get('bob')).to.equal('Bob-Pw');
      expect(users.has('carol') && users.get('carol') === undefined, 'in the directory, no credentials').to.equal(true);
      expect(users.get('100'), 'another name of alice has its own credentials or none').to.equal(undefined);
      expect(users.has('mallory'), 'the directory says who may register').to.equal(false);
      expect(users.has('bob-line')).to.equal(false);
    });

    it("a realm of another domain does not apply; the domain's realm wins over no realm; among equals the first by name", () => {
      const users = registrarWith('DIRECTORY', (g) => {
        g.add('SIPAUTH_STACK', 'a other realm', {
          username: 'alice',
          password: 'Other-Realm',
          realm: 'elsewhere.example',
        });
        g.add('SIPAUTH_STACK', 'b no realm', { username: 'bob', password: 'Bob-Any-Realm' });
        g.add('SIPAUTH_STACK', 'c exact realm', { username: 'bob', password: 'Bob-Phones', realm: 'PHONES.example' });
        g.add('SIPAUTH_STACK', 'd carol first', { username: 'carol', password: 'Carol-1' });
        g.add('SIPAUTH_STACK', 'e carol second', { username: 'carol', password: 'Carol-2' });
        g.add('SIPAUTH_STACK', 'f dave', { username: 'dave', password: '' });
      });
      expect(users.get('alice'), 'only a credentials object of another realm').to.equal(undefined);
      expect(users.get('bob')).to.equal('Bob-Phones');
      expect(users.get('carol')).to.equal('Carol-1');
      expect(users.get('dave'), 'an empty password is a password').to.equal('');
    });

    it("the simulator's view of the committed configuration shows no registrar password", async () => {
      const g = new GraphBuilder();
      const directory = g.add('USRDB_DIRECTORY', 'phones', {
        users: [{ name: 'alice', phoneNumber: '', extension: '', sipUri: '', emailAddress: '' }],
      });
      const registrar = g.add(
        'TELSIPREG_REGISTRAR',
        'registrar',
        { acceptPolicy: 'DIRECTORY' },
        { directoryId: [directory] },
      );
      g.add('TELSIP_STACK', 'Phones', { nodeRole: 'SIP_PHONE_REGISTRAR' }, { registrarId: [registrar] });
      g.add('SIPAUTH_STACK', 'alice phone', { username: 'alice', password: 'Alice-Secret-Pw' });
      const plan = g.compile();
      expect(node(plan, 'Phones').sip.registrar!.users.get('alice')).to.equal('Alice-Secret-Pw');
      class FixedGateway extends CommittedGateway {
        async plan(): Promise<GatewayPlan> {
          return plan;
        }
        onChange(): () => void {
          return () => undefined;
        }
      }
      const text = JSON.stringify(
        await new CommittedGatewayController(new FixedGateway()).get({ lab: DEFAULT_LAB } as OperationRequest),
      );
      expect(text).to.contain('Phones');
      expect(text).to.not.contain('Alice-Secret-Pw');
    });

    it("with the ALWAYS policy every credentials object's names may register too; NEVER and DIRECTORY add none", () => {
      const build = (g: GraphBuilder): void => {
        g.add('SIPAUTH_STACK', 'alice phone', { username: 'alice', password: 'Alice-Pw' });
        g.add('SIPAUTH_STACK', 'guest', {
          username: 'guest',
          authorizationUsername: 'guest-auth',
          password: 'Guest-Pw',
        });
      };
      const always = registrarWith('ALWAYS', build);
      expect(always.get('alice')).to.equal('Alice-Pw');
      expect(always.get('guest')).to.equal('Guest-Pw');
      expect(always.get('guest-auth')).to.equal('Guest-Pw');
      expect(always.has('bob') && always.get('bob') === undefined).to.equal(true);
      expect(registrarWith('NEVER', build).has('guest')).to.equal(false);
      expect(registrarWith('DIRECTORY', build).has('guest')).to.equal(false);
    });
  });

  it('compiles the demo configuration with sane values for the PBX and the carriers', () => {
    const plan = demoPlan();
    expect(plan.problems).to.deep.equal([]);
    const pbx = node(plan, 'PBX Berlin');
    expect(pbx.sip).to.deep.include({
      udp: true,
      tcp: true,
      tls: false,
      udpTcpPort: 5070,
      tlsPort: 5071,
      maxMessageBytes: 65535,
      userAgent: 'anynode',
      identity: undefined,
      credentials: undefined,
      registrar: undefined,
    });
    expect(pbx.sip.media).to.deep.equal({ firstPort: 40000, lastPort: 49999, timeoutSeconds: 0 });
    expect(pbx.sip.udpTcpPort).to.equal(pbx.local.port);
    const carrierA = node(plan, 'Carrier A');
    expect(carrierA.sip.credentials).to.deep.equal({
      username: 'acme-trunk',
      password: 'Demo-Trunk-A-2026!',
      authorizationUsername: undefined,
      realm: undefined,
    });
    expect(carrierA.sip.udpTcpPort).to.equal(5080);
    expect(node(plan, 'Carrier B').sip.credentials?.username).to.equal('acme-backup');
  });

  it("the simulator's view of the committed configuration shows no secret the plan carries", async () => {
    const plan = demoPlan();
    class FixedGateway extends CommittedGateway {
      async plan(): Promise<GatewayPlan> {
        return plan;
      }
      onChange(): () => void {
        return () => undefined;
      }
    }
    const view = await new CommittedGatewayController(new FixedGateway()).get({ lab: DEFAULT_LAB } as OperationRequest);
    const text = JSON.stringify(view);
    expect(text).to.contain('PBX Berlin');
    expect(text).to.not.contain('Demo-Trunk-A-2026!');
    expect(text).to.not.contain('acme-trunk');
  });
});
