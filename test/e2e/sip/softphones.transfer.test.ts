import { expect } from 'chai';
import type { GatewaySchemas } from '@gwsim/client';
import { BatchingMonitorSinks } from '../../../src/contexts/monitoring/history/application/BatchingMonitorSinks.js';
import type { ApiClient } from '../../support/ApiClient.js';
import { RealTimeClock } from '../../support/RealTimeClock.js';
import { TestGateway } from '../../support/TestGateway.js';
import { Baresip, baresipInstalled } from '../../support/sip/baresip.js';
import { freeUdpPort } from '../../support/sip/sipp.js';
import { until } from '../../support/sip/sipPhone.js';
import { addRegistrar } from '../../acceptance/configuration/nodesSupport.js';
import { createObject } from '../../acceptance/configuration/objectsSupport.js';
import { licenseAndTurnSipOn, routeCalls } from './sipLabSupport.js';

const DOMAIN = 'phones.test';
const V1 = { version: 1 };

type Entry = GatewaySchemas['CallHistoryEntryView'];
interface StoredMessage {
  readonly callIndex: number;
  readonly direction: 'sent' | 'received';
  readonly messageType: string;
  readonly message: string;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const EXTENSIONS = [
  ['Alice', '100', 440],
  ['Bob', '101', 660],
  ['Carol', '102', 880],
] as const;

/**
 * Three real softphones (baresip) registered at a registrar node of a lab: Alice calls Bob, Bob transfers Alice to
 * Carol (a blind transfer, baresip's `transfer`). With the demo's forward profile the gateway carries the REFER out
 * (Carol is called for Alice, Bob is hung up on, Alice and Carol talk); with a profile that forwards REFER, the
 * REFER reaches Alice, whose phone calls Carol itself. Each call is in the history and its ladder.
 */
describe('three softphones (baresip) through a lab: blind transfer carried out by the gateway, and relayed', function () {
  this.timeout(60_000);
  let gateway: TestGateway;
  let admin: ApiClient;
  let registrarPort: number;
  let registrarId: string;
  const phones: Baresip[] = [];
  const [alice, bob, carol] = [0, 1, 2].map((i) => () => phones[i]!);

  const withLogs = (error: Error): never => {
    const logs = phones.map((p) => `--- ${p.phone.displayName}\n${p.log.slice(-2500)}`).join('\n');
    throw new Error(`${error.message}\n${logs}`);
  };

  before(async function () {
    if (!baresipInstalled()) this.skip();
    registrarPort = await freeUdpPort();
    gateway = await TestGateway.start({ clock: new RealTimeClock() });
    admin = gateway.admin();
    const directory = await createObject(admin, 'USRDB_DIRECTORY', 'Phone users', {
      users: EXTENSIONS.map(([name, extension]) => ({
        name: name.toLowerCase(),
        phoneNumber: '',
        extension,
        sipUri: '',
        emailAddress: '',
      })),
    });
    for (const [, extension] of EXTENSIONS)
      await createObject(admin, 'SIPAUTH_STACK', `ext ${extension}`, {
        username: extension,
        password: `Ext-${extension}-Pw`,
      });
    const [registrar] = await addRegistrar(admin, {
      displayName: 'Phones',
      udpTcpPort: registrarPort,
      tlsPort: registrarPort + 1 > 65535 ? registrarPort - 1 : registrarPort + 1,
      sipDomain: DOMAIN,
      sipPhoneRegistrarDirectoryId: directory['id'],
    });
    registrarId = registrar!.id;
    await routeCalls(admin, {
      displayName: 'Extensions to the phones',
      source: registrarId,
      destination: registrarId,
      pattern: '1*',
    });
    expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
    await licenseAndTurnSipOn(admin);
    for (const [displayName, user, toneHz] of EXTENSIONS)
      phones.push(
        await Baresip.start({ displayName, user, password: `Ext-${user}-Pw`, domain: DOMAIN, registrarPort, toneHz }),
      );
    await until(
      async () => (await Promise.all(phones.map((p) => p.registration()))).every((r) => r.ok),
      'the three phones register',
      10_000,
    ).catch(withLogs);
  });

  after(async () => {
    await Promise.all(phones.map((p) => p.stop()));
    await gateway?.stop();
  });

  async function history(): Promise<Entry[]> {
    await gateway.get(BatchingMonitorSinks).flush();
    const response = await admin.post('/api/callHistory/get', { query: { dateFormat: 'ISO-8601' }, json: {} });
    expect(response.status, response.text).to.equal(200);
    return response.json.entries as Entry[];
  }

  async function messages(session: string): Promise<StoredMessage[]> {
    const response = await admin.get('/api/messageHistory', { query: { filterSessionIdentifier: session } });
    expect(response.status, response.text).to.equal(200);
    return response.json as StoredMessage[];
  }

  const count = (phone: Baresip, type: string) => phone.events.filter((e) => e.type === type).length;

  /** Whether the phone sent no RTP for half a second (its call on hold). */
  async function stopsSending(phone: Baresip): Promise<boolean> {
    const before = (await phone.rtp())?.sent;
    await pause(500);
    return before !== undefined && (await phone.rtp())?.sent === before;
  }

  /**
   * Alice calls Bob and Bob transfers her to Carol (having put her on hold first, when `hold`); answers once Alice and
   * Carol hear each other, Alice hung up.
   */
  async function transferAliceToCarol(dialled = '101', hold = false): Promise<void> {
    const [closedA, closedB, establishedC] = [
      count(alice(), 'CALL_CLOSED'),
      count(bob(), 'CALL_CLOSED'),
      count(carol(), 'CALL_ESTABLISHED'),
    ];
    const dialed = await alice().command('dial', dialled);
    expect(dialed.ok, dialed.data).to.equal(true);
    await until(
      () => count(bob(), 'CALL_ESTABLISHED') > 0 && count(alice(), 'CALL_ESTABLISHED') > 0,
      'Bob answers',
      10_000,
    ).catch(withLogs);
    await pause(500);
    if (hold) {
      const held = await bob().command('hold');
      expect(held.ok, held.data).to.equal(true);
      await until(async () => await stopsSending(alice()), 'Alice is on hold', 10_000).catch(withLogs);
    }
    const transferred = await bob().command('transfer', `sip:102@${DOMAIN}`);
    expect(transferred.ok, transferred.data).to.equal(true);
    await until(() => count(carol(), 'CALL_ESTABLISHED') > establishedC, 'Carol answers', 10_000).catch(withLogs);
    await until(() => count(bob(), 'CALL_CLOSED') > closedB, "Bob's call ends", 10_000).catch(withLogs);
    await until(
      async () => (await alice().rtp()) !== undefined && (await carol().rtp()) !== undefined,
      'Alice and Carol have their call',
      10_000,
    ).catch(withLogs);
    await pause(1_000);
    const [a1, c1] = [(await alice().rtp())!, (await carol().rtp())!];
    await pause(1_500);
    const [a2, c2] = [(await alice().rtp())!, (await carol().rtp())!];
    expect(a2.received - a1.received, 'Alice hears Carol').to.be.above(30);
    expect(c2.received - c1.received, 'Carol hears Alice').to.be.above(30);
    const hungUp = await alice().command('hangup');
    expect(hungUp.ok, hungUp.data).to.equal(true);
    await until(() => count(alice(), 'CALL_CLOSED') > closedA, 'Alice hangs up', 10_000).catch(withLogs);
  }

  it('carries the transfer out itself with the default profile: one call, Carol its second attempt, the REFER and NOTIFYs in its ladder', async () => {
    await transferAliceToCarol();
    await until(async () => (await history()).length >= 1, 'the call is in the history');
    const [entry] = await history();
    expect(entry).to.include({ result: 'ANSWERED', inboundDestinationDialString: '101' });
    const attempts = entry!.attempts;
    expect(attempts.map((a) => [a.destinationDialString, a.sipStatusCode, a.transferrerDialString])).to.deep.equal([
      ['101', 200, undefined],
      ['102', 200, '101'],
    ]);
    const ladder = await messages(entry!.sessionIdentifier);
    const of = (index: number, direction: string) =>
      ladder.filter((m) => m.callIndex === index && m.direction === direction).map((m) => m.messageType);
    expect(of(1, 'received'), "Bob's REFER").to.include('REFER');
    expect(of(1, 'sent'), 'the 202 and the NOTIFYs to Bob').to.include.members(['202 Accepted', 'NOTIFY']);
    expect(of(2, 'sent'), 'the INVITE to Carol').to.include('INVITE');
    const notifies = ladder
      .filter((m) => m.callIndex === 1 && m.messageType === 'NOTIFY')
      .map((m) => /SIP\/2\.0 (\d+)/.exec(m.message)?.[1]);
    expect(notifies[0]).to.equal('100');
    expect(notifies.at(-1)).to.equal('200');
  });

  it('brings Alice back from the hold Bob put her on before his transfer: a re-INVITE of the gateway, and Alice and Carol hear each other', async () => {
    const before = (await history()).length;
    await transferAliceToCarol('101', true);
    await until(async () => (await history()).length > before, 'the call is in the history');
    const [entry] = await history();
    const ladder = await messages(entry!.sessionIdentifier);
    const invites = ladder.filter((m) => m.callIndex === 0 && m.direction === 'sent' && m.messageType === 'INVITE');
    expect(
      invites.map((m) => /^a=(sendrecv|sendonly|recvonly|inactive)\r?$/m.exec(m.message)?.[1]),
      "Bob's hold relayed, then the gateway's re-INVITE",
    ).to.deep.equal(['sendonly', 'sendrecv']);
  });

  it('relays the REFER to Alice where the profile forwards it: her phone calls Carol, Referred-By naming Bob', async () => {
    const profile = await admin.post('/api/routingForwardProfiles/add', {
      json: {
        displayName: 'Forwards transfers',
        signalingForwardingFromCallingToCalled: { ADDRESS: true, REFER: true },
        signalingForwardingFromCalledToCalling: { ADDRESS: true, REFER: true },
      },
    });
    expect(profile.status, profile.text).to.equal(200);
    // 5 and an extension: the extension, through the profile that forwards REFER
    const route = await admin.post('/api/routingDomains/routes/add', {
      ...V1,
      query: { routingDomain: 'Main' },
      json: {
        displayName: 'Transparent extensions',
        enabled: true,
        establishment: {
          action: 'ACCEPT',
          routingTargets: [
            {
              destinationNodeId: registrarId,
              routingForwardProfileId: profile.json.id,
              destinationDialStringRewriting: {
                segments: [
                  {
                    prefix: '',
                    suffix: '',
                    delLeading: 1,
                    delTrailing: 0,
                    keepLeading: 0,
                    keepTrailing: 0,
                    matchedPart: 0,
                    source: 'MOST_APPROPRIATE',
                  },
                ],
              },
            },
          ],
        },
        filters: [{ sourceNodeIds: [registrarId], destinationDialString: { type: 'WILDCARD', wildcardPattern: '5*' } }],
      },
    });
    expect(route.status, route.text).to.equal(200);
    expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
    const before = (await history()).length;
    await transferAliceToCarol('5101');
    await until(async () => (await history()).length >= before + 2, 'both calls are in the history');
    const entries = (await history()).slice(0, 2);
    const toBob = entries.find((e) => e.inboundDestinationDialString === '5101')!;
    const toCarol = entries.find((e) => e.inboundDestinationDialString === '102')!;
    expect(
      toBob.attempts.map((a) => a.destinationDialString),
      'the gateway called nobody for the transfer',
    ).to.deep.equal(['101']);
    expect(toCarol).to.include({ result: 'ANSWERED', inboundSourceDialString: '100' });
    const ladder = await messages(toBob.sessionIdentifier);
    expect(
      ladder.filter((m) => m.callIndex === 0 && m.direction === 'sent').map((m) => m.messageType),
      'the REFER reached Alice',
    ).to.include('REFER');
  });
});
