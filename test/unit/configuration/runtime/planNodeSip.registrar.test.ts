import { expect } from 'chai';
import { DEFAULT_LAB } from '../../../../src/shared/domain/LabId.js';
import type { GatewayPlan } from '../../../../src/contexts/configuration/runtime/domain/GatewayPlan.js';
import { CommittedGatewayController } from '../../../../src/contexts/configuration/runtime/interface/http/CommittedGatewayController.js';
import { CommittedGateway } from '../../../../src/contexts/configuration/index.js';
import type { OperationRequest } from '../../../../src/shared/interface/http/Operation.js';
import { GraphBuilder, node } from './planNodeSipSupport.js';

describe('the plan knows what a node needs on the wire (PlanNode.sip)', () => {
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
});
