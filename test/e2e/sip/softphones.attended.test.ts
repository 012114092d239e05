import { expect } from 'chai';
import type { GatewaySchemas } from '@gwsim/client';
import { BatchingMonitorSinks } from '../../../src/contexts/monitoring/history/application/BatchingMonitorSinks.js';
import type { ApiClient } from '../../support/ApiClient.js';
import { RealTimeClock } from '../../support/RealTimeClock.js';
import { TestGateway } from '../../support/TestGateway.js';
import { Baresip, baresipInstalled } from '../../support/sip/baresip.js';
import { Linphonec, linphonecInstalled } from '../../support/sip/linphonec.js';
import { freeUdpPort } from '../../support/sip/sipp.js';
import { until } from '../../support/sip/sipPhone.js';
import { addRegistrar } from '../../acceptance/configuration/nodesSupport.js';
import { createObject } from '../../acceptance/configuration/objectsSupport.js';
import { licenseAndTurnSipOn, routeCalls } from './sipLabSupport.js';

const DOMAIN = 'phones.test';

type Entry = GatewaySchemas['CallHistoryEntryView'];
type Leg = GatewaySchemas['ActiveSessionView']['incoming'];
interface Session {
  readonly sessionId: string;
  readonly incoming: Leg;
  readonly outgoing: Leg[];
}
interface StoredMessage {
  readonly callIndex: number;
  readonly direction: 'sent' | 'received';
  readonly messageType: string;
  readonly message: string;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An attended transfer (RFC 3891) between three real softphones registered at a registrar node of a lab, carried out
 * by the gateway: Alice (baresip) calls Bob (linphonec), Bob puts her on hold and calls Carol (linphonec), then
 * transfers Alice to Carol with Replaces (linphonec's `transfer <call> --to-call <call>`). The gateway takes the
 * REFER (its default forward profile does not relay it), calls Carol for Alice with a Replaces naming its own dialog
 * with her, Carol's phone replaces the consultation call with it, and the gateway brings Alice off hold. At the end
 * Alice and Carol talk through the gateway (activeSessions: one call, 100 to 102; RTP both ways) and Bob has no call.
 * The steps run in order on one call.
 */
describe('three softphones (baresip and linphonec) through a lab: attended transfer carried out by the gateway', function () {
  this.timeout(90_000);
  let gateway: TestGateway;
  let admin: ApiClient;
  let registrarPort: number;
  let alice: Baresip;
  let bob: Linphonec;
  let carol: Linphonec;
  let aliceCall: string;
  let consultation: string;

  const withLogs = (error: Error): never => {
    const logs = [
      `--- Alice\n${alice?.log.replace(/\[0:\d\d:\d\d\] audio=\S+ \(bit\/s\)\s*/g, '').slice(-2500)}`,
      `--- Bob\n${bob?.log.slice(-2500)}`,
      `--- Carol\n${carol?.log.slice(-2500)}`,
    ];
    throw new Error(`${error.message}\n${logs.join('\n')}`);
  };

  before(async function () {
    if (!baresipInstalled() || !linphonecInstalled()) {
      console.log('      baresip or linphonec is not installed (baresip-core, linphone-cli): the test is skipped');
      this.skip();
    }
    registrarPort = await freeUdpPort();
    gateway = await TestGateway.start({ clock: new RealTimeClock() });
    admin = gateway.admin();
    const users = [
      ['alice', '100'],
      ['bob', '101'],
      ['carol', '102'],
    ] as const;
    const directory = await createObject(admin, 'USRDB_DIRECTORY', 'Phone users', {
      users: users.map(([name, extension]) => ({ name, phoneNumber: '', extension, sipUri: '', emailAddress: '' })),
    });
    for (const [, extension] of users)
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
    await routeCalls(admin, {
      displayName: 'Extensions to the phones',
      source: registrar!.id,
      destination: registrar!.id,
      pattern: '1*',
    });
    expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
    await licenseAndTurnSipOn(admin);
    const phone = (displayName: string, user: string, toneHz: number) => ({
      displayName,
      user,
      password: `Ext-${user}-Pw`,
      domain: DOMAIN,
      registrarPort,
      toneHz,
    });
    alice = await Baresip.start(phone('Alice', '100', 440));
    bob = await Linphonec.start(phone('Bob', '101', 660));
    carol = await Linphonec.start(phone('Carol', '102', 880));
    await until(async () => (await alice.registration()).ok, 'Alice registers', 10_000).catch(withLogs);
    for (const linphone of [bob, carol])
      await until(() => linphone.registered(), `${linphone.phone.displayName} registers`, 10_000).catch(withLogs);
  });

  after(async () => {
    await Promise.all([alice?.stop(), bob?.stop(), carol?.stop()]);
    await gateway?.stop();
  });

  async function sessions(): Promise<Session[]> {
    const response = await admin.post('/api/activeSessions/get', { json: {} });
    expect(response.status, response.text).to.equal(200);
    return response.json.activeSessions as Session[];
  }

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

  it('Alice calls Bob, who answers and puts her on hold', async () => {
    const dialed = await alice.command('dial', '101');
    expect(dialed.ok, dialed.data).to.equal(true);
    const answered = await bob.expect(/Call (\d+) with [^\n]*100@[^\n]* connected/, 'Bob answers').catch(withLogs);
    aliceCall = answered[1]!;
    const mark = bob.log.length;
    bob.command(`pause ${aliceCall}`);
    await bob.expect(/is now paused/, 'Alice on hold', 10_000, mark).catch(withLogs);
  });

  it('Bob calls Carol, who answers: two calls through the gateway', async () => {
    const mark = bob.log.length;
    bob.command(`call sip:102@127.0.0.1:${registrarPort}`);
    const placed = await bob.expect(/assigned id (\d+)/, 'Bob calls Carol', 10_000, mark).catch(withLogs);
    consultation = placed[1]!;
    await bob
      .expect(new RegExp(`Call ${consultation} with [^\\n]* connected`), 'Carol answers', 10_000, mark)
      .catch(withLogs);
    await until(async () => (await sessions()).length === 2, 'two calls in activeSessions', 5_000);
  });

  it('Bob transfers Alice to Carol with Replaces: Alice and Carol talk through the gateway, Bob has no call left', async () => {
    const [bobMark, carolMark] = [bob.log.length, carol.log.length];
    bob.command(`transfer ${aliceCall} --to-call ${consultation}`);
    await carol
      .expect(/Receiving new incoming call from [^\n]*100@/, "Alice's call reaches Carol", 10_000, carolMark)
      .catch(withLogs);
    for (const id of [aliceCall, consultation])
      await bob
        .expect(new RegExp(`Call ${id} with [^\\n]* ended`), `Bob's call ${id} ends`, 10_000, bobMark)
        .catch(withLogs);
    await until(async () => (await sessions()).length === 1, 'one call left in activeSessions', 10_000).catch(withLogs);
    const [call] = await sessions();
    expect([call!.incoming.telRemoteNumber, call!.outgoing.map((leg) => leg.telRemoteNumber)]).to.deep.equal([
      '100',
      ['102'],
    ]);
    // the media both ways through the relay: what it received from each phone and sent to each grows
    const counted = async () => {
      const [now] = await sessions();
      const [a, c] = [now!.incoming, now!.outgoing[0]!];
      return [a.rtpReceiveTotalPackets, a.rtpSendTotalPackets, c.rtpReceiveTotalPackets, c.rtpSendTotalPackets];
    };
    const [before, heardBefore] = [await counted(), (await alice.rtp())!.received];
    await pause(2_000);
    const [after, heardAfter] = [await counted(), (await alice.rtp())!.received];
    const grew = after.map((n, i) => n! - before[i]!);
    expect(
      grew.every((n) => n > 50),
      `from Alice, to Alice, from Carol, to Carol: ${grew.join(' ')}`,
    ).to.equal(true);
    expect(heardAfter - heardBefore, 'Alice hears Carol').to.be.above(50);
    const mark = bob.log.length;
    bob.command('calls');
    await bob.expect(/No active call/, 'Bob has no call', 5_000, mark).catch(withLogs);
  });

  it("keeps both calls in the history: the transfer as the second attempt of Alice's, the consultation replaced", async () => {
    const hungUp = await alice.command('hangup');
    expect(hungUp.ok, hungUp.data).to.equal(true);
    await until(async () => (await history()).length >= 2, 'both calls in the history', 10_000);
    const entries = await history();
    const transferred = entries.find((e) => e.inboundSourceDialString === '100')!;
    const consulted = entries.find((e) => e.inboundSourceDialString === '101')!;
    expect(transferred).to.include({ result: 'ANSWERED', inboundDestinationDialString: '101' });
    const attempts = transferred.attempts as (Entry['attempts'][number] & { transferrerDialString?: string })[];
    expect(attempts.map((a) => [a.destinationDialString, a.sipStatusCode, a.transferrerDialString])).to.deep.equal([
      ['101', 200, undefined],
      ['102', 200, '101'],
    ]);
    // the consultation ended once the transfer's INVITE replaced it (RFC 3891 section 3), by Carol's BYE or Bob's
    expect(consulted).to.include({ result: 'ANSWERED', inboundDestinationDialString: '102' });
    const ladder = await messages(transferred.sessionIdentifier);
    const refer = ladder.find((m) => m.callIndex === 1 && m.direction === 'received' && m.messageType === 'REFER');
    expect(refer?.message, "Bob's REFER").to.match(/^Refer-To:.*[?&]Replaces=/im);
    const toCarol = ladder.find((m) => m.callIndex === 2 && m.direction === 'sent' && m.messageType === 'INVITE');
    expect(toCarol?.message, 'the INVITE to Carol').to.match(/^Replaces: /im);
    const toAlice = ladder
      .filter((m) => m.callIndex === 0 && m.direction === 'sent' && m.messageType === 'INVITE')
      .map((m) => /^a=(sendrecv|sendonly|recvonly|inactive)\r?$/m.exec(m.message)?.[1]);
    const summary = ladder.map((m) => `${m.callIndex} ${m.direction} ${m.messageType}`).join(', ');
    expect(toAlice, `Bob's hold relayed, then the gateway's re-INVITE: ${summary}`).to.deep.equal([
      'sendonly',
      'sendrecv',
    ]);
  });
});
