import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import {
  buildRequest,
  digestAuthorization,
  parseDigestChallenge,
  parseNameAddr,
  SipStack,
  type SipRequest,
  type SipResponse,
} from '@gwsim/sip';
import type { ApiClient } from '../../support/ApiClient.js';
import { RealTimeClock } from '../../support/RealTimeClock.js';
import { TestGateway } from '../../support/TestGateway.js';
import { fixture, freeUdpPort, runSipp, startSipp, type SippResult } from '../../support/sip/sipp.js';
import { PROFILES, addRegistrar, addSystem, subTree } from '../../acceptance/configuration/nodesSupport.js';
import { createObject } from '../../acceptance/configuration/objectsSupport.js';
import { licenseAndTurnSipOn, routeCalls } from './sipLabSupport.js';

const DOMAIN = 'phones.test';
/** The transaction layer's T1 in these tests (Timer F after 3.2 s instead of 32 s). */
const T1_MS = 50;

function expectPassed(result: SippResult, calls = 1): void {
  const why = `SIPp: ${result.successful} of ${calls} passed, ${result.failed} failed (exit ${result.exitCode})\n${result.errors.slice(0, 2000)}\n${result.stderr.slice(0, 1000)}`;
  expect(result.successful, why).to.equal(calls);
  expect(result.failed, why).to.equal(0);
}

function header(message: SipResponse, name: string): string | undefined {
  return message.headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;
}

function headers(message: SipResponse, name: string): string[] {
  return message.headers.filter((h) => h.name.toLowerCase() === name.toLowerCase()).map((h) => h.value);
}

/** A SIP phone written for the test: a UDP stack on an ephemeral port that sends REGISTERs and answers digest challenges. */
class Phone {
  private seq = 0;
  private readonly callId = `${randomBytes(8).toString('hex')}@phone.test`;

  private constructor(
    private readonly stack: SipStack,
    private readonly registrarPort: number,
  ) {}

  static async open(registrarPort: number): Promise<Phone> {
    const stack = await SipStack.listen(
      { host: '127.0.0.1', port: 0, transports: ['UDP'], timers: { T1: T1_MS } },
      {
        request: (transaction) =>
          transaction.respond({ kind: 'response', status: 405, reason: 'Method Not Allowed', headers: [], body: '' }),
        ack: () => undefined,
        cancel: () => undefined,
        ackTimeout: () => undefined,
        wire: () => undefined,
      },
    );
    return new Phone(stack, registrarPort);
  }

  get port(): number {
    return this.stack.local[0]!.port;
  }

  /** The contact URI of this phone for `user`. */
  contact(user: string): string {
    return `sip:${user}@127.0.0.1:${this.port}`;
  }

  /**
   * Sends a REGISTER for `user` (To and From), answering a 401 with the digest of `username`/`password` when given;
   * answers the final response. `contact` undefined: no Contact (a query); '*' with Expires 0 removes all.
   */
  async register(
    user: string,
    options: {
      password?: string;
      username?: string;
      expires?: number;
      contact?: string | null;
      contactExpires?: number;
    } = {},
  ): Promise<{ first: SipResponse; last: SipResponse }> {
    const contact = options.contact === null ? undefined : (options.contact ?? this.contact(user));
    const build = (authorization?: string): SipRequest => {
      this.seq += 1;
      const request = buildRequest({
        method: 'REGISTER',
        uri: `sip:${DOMAIN}`,
        via: {
          transport: 'UDP',
          host: '127.0.0.1',
          port: this.port,
          branch: `z9hG4bK${randomBytes(6).toString('hex')}`,
        },
        from: { uri: `sip:${user}@${DOMAIN}`, params: { tag: randomBytes(4).toString('hex') } },
        to: { uri: `sip:${user}@${DOMAIN}`, params: {} },
        callId: this.callId,
        cseq: this.seq,
      });
      const extra = [
        ...(contact !== undefined
          ? [
              {
                name: 'Contact',
                value:
                  contact === '*'
                    ? '*'
                    : `<${contact}>${options.contactExpires !== undefined ? `;expires=${options.contactExpires}` : ''}`,
              },
            ]
          : []),
        ...(options.expires !== undefined ? [{ name: 'Expires', value: String(options.expires) }] : []),
        ...(authorization ? [{ name: 'Authorization', value: authorization }] : []),
      ];
      return { ...request, headers: [...request.headers, ...extra] };
    };
    const first = await this.send(build());
    if (first.status !== 401 || options.password === undefined) return { first, last: first };
    const challenge = parseDigestChallenge(header(first, 'WWW-Authenticate') ?? '');
    expect(challenge, 'a 401 carries a digest challenge').to.not.equal(undefined);
    const authorization = digestAuthorization(
      challenge!,
      { username: options.username ?? user, password: options.password },
      'REGISTER',
      `sip:${DOMAIN}`,
    );
    return { first, last: await this.send(build(authorization)) };
  }

  private send(request: SipRequest): Promise<SipResponse> {
    return new Promise((resolve, reject) => {
      this.stack.request(
        request,
        { transport: 'UDP', host: '127.0.0.1', port: this.registrarPort },
        {
          response: (response) => {
            if (response.status >= 200) resolve(response);
          },
          timeout: (reason) => reject(new Error(`REGISTER got no final response (${reason})`)),
        },
      );
    });
  }

  close(): Promise<void> {
    return this.stack.close();
  }
}

/**
 * Phones register at a SIP phone registrar node of a lab with real SIP on: a digest challenge, then the binding
 * with its expiry; wrong passwords, strangers and too brief registrations are refused; a call routed to the
 * registrar node reaches the phone registered under the called number (a SIPp UAS on the phone's Contact port).
 */
describe('the phone registrar of a registrar node (real SIP)', function () {
  this.timeout(120_000);
  let gateway: TestGateway;
  let admin: ApiClient;
  let registrarPort: number;
  let pbxPort: number;
  let phone: Phone;
  let registrarObject: string;

  async function advanceLabClock(by: string): Promise<void> {
    const response = await admin.post('/_sim/labs/default/clock/advance', { json: { by } });
    expect(response.status, response.text).to.equal(200);
  }

  before(async function () {
    [registrarPort, pbxPort] = [await freeUdpPort(), await freeUdpPort()];
    gateway = await TestGateway.start({ clock: new RealTimeClock(), config: { sipT1Ms: T1_MS } });
    admin = gateway.admin();
    const directory = await createObject(admin, 'USRDB_DIRECTORY', 'Phone users', {
      users: [
        { name: 'alice', phoneNumber: '', extension: '100', sipUri: '', emailAddress: '' },
        { name: 'bob', phoneNumber: '', extension: '101', sipUri: '', emailAddress: '' },
        { name: 'carol', phoneNumber: '', extension: '', sipUri: '', emailAddress: '' },
      ],
    });
    // the passwords: one credentials object per name a phone registers under (carol has none)
    await createObject(admin, 'SIPAUTH_STACK', 'alice', { username: 'alice', password: 'Alice-Pw-1' });
    await createObject(admin, 'SIPAUTH_STACK', 'ext 100', { username: '100', password: 'Ext-100-Pw' });
    await createObject(admin, 'SIPAUTH_STACK', 'ext 101', { username: '101', password: 'Ext-101-Pw' });
    await createObject(admin, 'SIPAUTH_STACK', 'mallory', { username: 'mallory', password: 'Mallory-Pw' });
    const [registrar] = await addRegistrar(admin, {
      displayName: 'Phones',
      udpTcpPort: registrarPort,
      tlsPort: 65011,
      sipDomain: DOMAIN,
      sipPhoneRegistrarDirectoryId: directory['id'],
    });
    registrarObject = (await subTree(admin, registrar!.id, 'sipNode'))['registrarId'] as string;
    const set = await admin.put('/api/objects/set', {
      query: { id: registrarObject },
      json: { minExpiresSeconds: 60, maxExpiresSeconds: 3600 },
    });
    expect(set.status, set.text).to.equal(200);
    const [pbx] = await addSystem(admin, PROFILES.genericPbx, {
      displayName: 'PBX',
      udpTcpPort: pbxPort,
      tlsPort: 65012,
    });
    await routeCalls(admin, {
      displayName: 'Extensions to the phones',
      source: pbx!.id,
      destination: registrar!.id,
      pattern: '1*',
    });
    expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
    const on = await licenseAndTurnSipOn(admin);
    expect(
      on.listeners.filter((l) => l.state === 'listening').map((l) => `${l.nodeName} ${l.transport} ${l.port}`),
      JSON.stringify(on.listeners),
    ).to.include.members([`Phones UDP ${registrarPort}`, `PBX UDP ${pbxPort}`]);
    phone = await Phone.open(registrarPort);
  });
  after(async () => {
    await phone?.close();
    await gateway?.stop();
  });

  it('challenges with a digest, then binds the Contact and answers it with its expiry; Expires 0 removes the binding', async () => {
    const { first, last } = await phone.register('alice', { password: 'Alice-Pw-1', expires: 600 });
    expect(first.status).to.equal(401);
    const challenge = parseDigestChallenge(header(first, 'WWW-Authenticate') ?? '')!;
    expect(challenge).to.include({ realm: DOMAIN, algorithm: 'MD5', qop: 'auth' });
    expect(last.status, `${last.status} ${last.reason}`).to.equal(200);
    const contacts = headers(last, 'Contact');
    expect(contacts).to.have.length(1);
    const bound = parseNameAddr(contacts[0]!);
    expect(bound.uri).to.equal(phone.contact('alice'));
    expect(Number(bound.params['expires'])).to.be.within(599, 600);

    // a Contact asking for more than the maximum gets the maximum
    const long = await phone.register('alice', { password: 'Alice-Pw-1', expires: 86_400 });
    expect(Number(parseNameAddr(headers(long.last, 'Contact')[0]!).params['expires'])).to.be.within(3599, 3600);

    const removed = await phone.register('alice', { password: 'Alice-Pw-1', expires: 0 });
    expect(removed.last.status).to.equal(200);
    expect(headers(removed.last, 'Contact'), 'no binding left').to.deep.equal([]);
    const query = await phone.register('alice', { password: 'Alice-Pw-1', contact: null });
    expect(query.last.status).to.equal(200);
    expect(headers(query.last, 'Contact')).to.deep.equal([]);
  });

  it("refuses a wrong password, another user's credentials and a user without credentials with 403", async () => {
    expect((await phone.register('alice', { password: 'wrong' })).last.status).to.equal(403);
    // mallory's own credentials are right, but they are not alice's
    expect((await phone.register('alice', { username: 'mallory', password: 'Mallory-Pw' })).last.status).to.equal(403);
    // carol is in the directory but no credentials object gives her a password
    expect((await phone.register('carol', { password: '' })).last.status).to.equal(403);
    const query = await phone.register('alice', { password: 'Alice-Pw-1', contact: null });
    expect(headers(query.last, 'Contact'), 'nothing was bound').to.deep.equal([]);
  });

  it('refuses a user outside the directory: 403 while a challenge is made (its password proves nothing here), 404 where none is', async () => {
    const refused = await phone.register('mallory', { password: 'Mallory-Pw' });
    expect(refused.first.status, 'challenged like anyone').to.equal(401);
    expect(refused.last.status).to.equal(403);
    const id = registrarObject;
    const off = await admin.put('/api/objects/set', { query: { id }, json: { authenticationRequired: false } });
    expect(off.status, off.text).to.equal(200);
    expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
    try {
      expect((await phone.register('mallory', {})).last.status).to.equal(404);
      const carol = await phone.register('carol', { expires: 120 });
      expect(carol.first.status, 'a directory user needs no password where none is asked').to.equal(200);
      expect((await phone.register('carol', { expires: 0 })).last.status).to.equal(200);
    } finally {
      expect(
        (await admin.put('/api/objects/set', { query: { id }, json: { authenticationRequired: true } })).status,
      ).to.equal(200);
      expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
    }
    expect((await phone.register('carol', { expires: 120 })).first.status, 'challenged again').to.equal(401);
  });

  it('answers an expiry below the minimum with 423 and Min-Expires, and binds nothing', async () => {
    const brief = await phone.register('bob', { password: 'Ext-101-Pw', username: 'bob', expires: 30 });
    expect(brief.first.status).to.equal(401);
    // bob has no credentials object of his own name: his extension 101 has
    expect(brief.last.status).to.equal(403);
    const tooBrief = await phone.register('101', { password: 'Ext-101-Pw', expires: 30 });
    expect(tooBrief.last.status).to.equal(423);
    expect(header(tooBrief.last, 'Min-Expires')).to.equal('60');
    const byParameter = await phone.register('101', { password: 'Ext-101-Pw', expires: 600, contactExpires: 10 });
    expect(byParameter.last.status, "the Contact's expires parameter counts before the header").to.equal(423);
    const query = await phone.register('101', { password: 'Ext-101-Pw', contact: null });
    expect(headers(query.last, 'Contact')).to.deep.equal([]);
  });

  it('a call routed to the registrar node reaches the phone registered under the called number (SIPp registers, SIPp answers)', async () => {
    const phonePort = await freeUdpPort();
    const registered = await runSipp({
      scenario: fixture('uac-register-auth'),
      remote: `127.0.0.1:${registrarPort}`,
      localPort: phonePort,
      keys: { user: '100', password: 'Ext-100-Pw', domain: DOMAIN },
      calls: 1,
      timeoutMs: 30_000,
    });
    expectPassed(registered);
    const uas = await startSipp({ scenario: 'uas', localPort: phonePort, timeoutMs: 60_000 });
    let answered: SippResult;
    try {
      const call = await runSipp({
        scenario: 'uac',
        remote: `127.0.0.1:${pbxPort}`,
        service: '100',
        calls: 1,
        extra: ['-d', '300'],
        timeoutMs: 30_000,
      });
      expectPassed(call);
    } finally {
      answered = await uas.stop();
    }
    expect(answered.successful, 'the phone (the UAS on its Contact port) took the call').to.equal(1);
  });

  it('an unregistered number of the registrar gets 480 Temporarily Unavailable', async () => {
    const result = await runSipp({
      scenario: fixture('uac-expect-status'),
      remote: `127.0.0.1:${pbxPort}`,
      service: '199',
      calls: 1,
      keys: { status: '480', hold_ms: '100' },
      timeoutMs: 30_000,
    });
    expectPassed(result);
  });

  it('bindings expire on the lab clock: past its expiry a phone is no longer reached', async () => {
    const bound = await phone.register('101', { password: 'Ext-101-Pw', expires: 60 });
    expect(bound.last.status).to.equal(200);
    expect(headers(bound.last, 'Contact')).to.have.length(1);
    await advanceLabClock('PT61S');
    const query = await phone.register('101', { password: 'Ext-101-Pw', contact: null });
    expect(query.last.status).to.equal(200);
    expect(headers(query.last, 'Contact'), 'expired on the lab clock, not the wall clock').to.deep.equal([]);
    const result = await runSipp({
      scenario: fixture('uac-expect-status'),
      remote: `127.0.0.1:${pbxPort}`,
      service: '101',
      calls: 1,
      keys: { status: '480', hold_ms: '100' },
      timeoutMs: 30_000,
    });
    expectPassed(result);
  });
});
