import { expect } from 'chai';
import { header } from '@gwsim/sip';
import type { ApiClient } from '../../support/ApiClient.js';
import { RealTimeClock } from '../../support/RealTimeClock.js';
import { TestGateway } from '../../support/TestGateway.js';
import { freeUdpPort } from '../../support/sip/sipp.js';
import { addRegistrar, subTree } from '../../acceptance/configuration/nodesSupport.js';
import { createObject } from '../../acceptance/configuration/objectsSupport.js';
import { licenseAndTurnSipOn } from './sipLabSupport.js';
import { GuardPhone, setSip, sipState, type Endpoint } from './sipGuardSupport.js';

const DOMAIN = 'phones.test';
const GUARD = { attemptsUntilBlocked: 5, minDelayMs: 100, maxDelayMs: 400, blockSeconds: 600, windowSeconds: 600 };

/**
 * The registrar meets password guessing as the API's login policy meets it: failed digests per source and per user,
 * answers held longer and longer, then a block an administrator lifts; a wrong user is a wrong password; a trunk's
 * credentials register no phone. Each source below is an address of the loopback of its own (127.0.0.x).
 */
describe("the registrar against password guessing (real SIP, the lab's registrarGuard)", function () {
  this.timeout(60_000);
  let gateway: TestGateway;
  let admin: ApiClient;
  let registrar: Endpoint;
  let registrarObject: string;
  const phones: GuardPhone[] = [];

  async function phone(host: string): Promise<GuardPhone> {
    const opened = await GuardPhone.open(host, registrar, DOMAIN);
    phones.push(opened);
    return opened;
  }

  before(async () => {
    registrar = { host: '127.0.0.1', port: await freeUdpPort() };
    gateway = await TestGateway.start({ clock: new RealTimeClock() });
    admin = gateway.admin();
    const directory = await createObject(admin, 'USRDB_DIRECTORY', 'Phone users', {
      users: [
        { name: 'alice', phoneNumber: '', extension: '', sipUri: '', emailAddress: '' },
        { name: 'bob', phoneNumber: '', extension: '', sipUri: '', emailAddress: '' },
      ],
    });
    await createObject(admin, 'SIPAUTH_STACK', 'alice', { username: 'alice', password: 'Alice-Pw-1' });
    await createObject(admin, 'SIPAUTH_STACK', 'bob', { username: 'bob', password: 'Bob-Pw-1' });
    // a carrier's credentials: the gateway's own towards its trunk
    const trunk = await createObject(admin, 'SIPAUTH_STACK', 'carrier trunk', {
      username: 'acme-trunk',
      password: 'Trunk-Pw-1',
    });
    await createObject(admin, 'AN_SIPRT_ROUTE', 'carrier connection', {
      proxyIri: 'sip:carrier.example.net',
      authenticationEnabled: true,
      credentialsId: trunk['id'],
    });
    const [node] = await addRegistrar(admin, {
      displayName: 'Phones',
      udpTcpPort: registrar.port,
      tlsPort: 65021,
      sipDomain: DOMAIN,
      sipPhoneRegistrarDirectoryId: directory['id'],
    });
    registrarObject = (await subTree(admin, node!.id, 'sipNode'))['registrarId'] as string;
    expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
    await licenseAndTurnSipOn(admin);
    const state = await setSip(admin, { registrarGuard: GUARD });
    expect(state.registrarGuard.settings).to.deep.equal(GUARD);
  });
  after(async () => {
    for (const p of phones) await p.close();
    await gateway?.stop();
  });

  it('a wrong user and a wrong password get the same answer after the same delay', async () => {
    const wrongPassword = await (await phone('127.0.0.2')).register('bob', 'not-his-password');
    const wrongUser = await (await phone('127.0.0.3')).register('bobby', 'Bob-Pw-1');
    for (const answer of [wrongPassword, wrongUser]) {
      expect(answer.first.status, 'both challenged').to.equal(401);
      expect(answer.last.status).to.equal(403);
      expect(answer.lastMs, 'held for the first failure (100 ms)').to.be.within(90, 350);
    }
    expect(wrongPassword.last.headers.map((h) => h.name)).to.deep.equal(wrongUser.last.headers.map((h) => h.name));
  });

  it('200 guesses are blocked after the configured count; the right password is refused until an administrator lifts the block', async () => {
    const attacker = await phone('127.0.0.4');
    const answers: number[] = [];
    const held: number[] = [];
    const started = Date.now();
    for (let i = 0; i < 200; i += 1) {
      const answer = await attacker.register('alice', `guess-${i}`);
      answers.push(answer.last.status);
      if (answer.last.status === 403) held.push(answer.lastMs);
    }
    expect(answers.slice(0, 5)).to.deep.equal([403, 403, 403, 403, 403]);
    expect(answers.slice(5).every((status) => status === 503)).to.equal(true);
    expect(held[2]!, 'the answers are held longer and longer').to.be.above(held[0]! + 150);
    expect(Date.now() - started, 'the 195 blocked ones cost no delay').to.be.below(15_000);
    const blocked = await attacker.register('alice', 'Alice-Pw-1');
    expect(blocked.first.status, 'the right password, from the blocked source').to.equal(503);
    expect(Number(header(blocked.first, 'Retry-After'))).to.be.within(590, 600);
    const owner = await phone('127.0.0.5');
    expect(
      (await owner.register('alice', 'Alice-Pw-1')).first.status,
      "alice's own phone: the user is blocked",
    ).to.equal(503);

    const guard = (await sipState(admin)).registrarGuard;
    expect(guard.failedDigests).to.be.at.least(5);
    expect(guard.blocks.map((b: any) => `${b.kind} ${b.name}`)).to.deep.equal(['source 127.0.0.4', 'user alice']);
    const labNow = Date.parse((await admin.get('/_sim/labs/default/clock', { version: null })).json.now);
    expect(Date.parse(guard.blocks[0].until) - labNow, "until, on the lab's clock").to.be.within(500_000, 600_000);

    const source = await admin.delete('/_sim/labs/default/sip/blocks', {
      version: null,
      query: { source: '127.0.0.4' },
    });
    expect(source.status, source.text).to.equal(200);
    expect(source.json.lifted.map((b: any) => b.name)).to.deep.equal(['127.0.0.4']);
    expect((await attacker.register('alice', 'Alice-Pw-1')).first.status, 'alice is still blocked').to.equal(503);
    const user = await admin.delete('/_sim/labs/default/sip/blocks', { version: null, query: { user: 'alice' } });
    expect(user.json.lifted.map((b: any) => `${b.kind} ${b.name} ${b.nodeName}`)).to.deep.equal(['user alice Phones']);
    expect((await owner.register('alice', 'Alice-Pw-1')).last.status, 'registers once lifted').to.equal(200);
    expect((await sipState(admin)).registrarGuard.blocks).to.deep.equal([]);
    const metrics = await (await fetch(new URL('/_sim/metrics', gateway.baseUrl))).text();
    expect(metrics).to.match(/^gwsim_registrar_failed_digests_total \d+/m);
    expect(metrics).to.match(/^gwsim_registrar_blocked_refusals_total \d+/m);
  });

  it("a trunk's credentials register no phone, even where every credentials object may register", async () => {
    const always = await admin.put('/api/objects/set', {
      query: { id: registrarObject },
      json: { acceptPolicy: 'ALWAYS' },
    });
    expect(always.status, always.text).to.equal(200);
    expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
    const impostor = await phone('127.0.0.6');
    expect((await impostor.register('acme-trunk', 'Trunk-Pw-1')).last.status).to.equal(403);
    expect((await impostor.register('alice', 'Alice-Pw-1')).last.status, 'a phone still does').to.equal(200);
  });
});
