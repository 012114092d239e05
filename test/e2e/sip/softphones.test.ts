import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import type { GatewaySchemas } from '@gwsim/client';
import { parseNameAddr, parseSip, type SipMessage } from '@gwsim/sip';
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

const run = promisify(execFile);
const TSHARK = '/usr/bin/tshark';
const DOMAIN = 'phones.test';
const DIGITS = ['1', '5', '#'];

type Entry = GatewaySchemas['CallHistoryEntryView'];
type SessionView = GatewaySchemas['ActiveSessionView'];
interface StoredMessage {
  readonly callIndex: number;
  readonly direction: 'sent' | 'received';
  readonly messageType: string;
  readonly message: string;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** tshark's reading of a pcap file: each packet's protocols, and what `-Y _ws.malformed` prints ('' when none). */
async function tsharkReads(pcap: Buffer): Promise<{ protocols: string[]; malformed: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'gwsim-phones-'));
  try {
    const file = path.join(dir, 'call.pcap');
    writeFileSync(file, pcap);
    const tshark = async (args: string[]) =>
      (await run(TSHARK, ['-r', file, ...args], { timeout: 30_000, maxBuffer: 16 * 1024 * 1024 })).stdout.trim();
    const protocols = await tshark(['-T', 'fields', '-e', 'frame.protocols']);
    return {
      protocols: protocols === '' ? [] : protocols.split('\n'),
      malformed: await tshark(['-Y', '_ws.malformed']),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Two real softphones (baresip, Debian's package baresip-core) register at a SIP phone registrar node of a lab with
 * their extensions' passwords and call each other through it: the called phone answers by itself, a tone flows
 * both ways through the gateway's relay (counted by the phones and in activeSessions), the caller's RFC 4733 digits
 * reach the called phone and the call's history, the caller hangs up, and the message history's pcap of the call
 * is read by tshark with no malformed packet. The steps run in order on one call.
 */
describe('two real softphones (baresip) register at a registrar node and call each other through the lab', function () {
  this.timeout(40_000);
  let gateway: TestGateway;
  let admin: ApiClient;
  let registrarPort: number;
  let alice: Baresip;
  let bob: Baresip;
  let entry: Entry | undefined;

  /** Mocha's error with what both phones printed, to see what a phone made of it. */
  const withLogs = (error: Error): never => {
    throw new Error(`${error.message}\n--- alice\n${alice.log.slice(-3000)}\n--- bob\n${bob.log.slice(-3000)}`);
  };

  before(async function () {
    if (!baresipInstalled()) {
      console.log('      baresip is not installed (apt-get install baresip-core): the softphone test is skipped');
      this.skip();
    }
    registrarPort = await freeUdpPort();
    gateway = await TestGateway.start({ clock: new RealTimeClock() });
    admin = gateway.admin();
    const directory = await createObject(admin, 'USRDB_DIRECTORY', 'Phone users', {
      users: [
        { name: 'alice', phoneNumber: '', extension: '100', sipUri: '', emailAddress: '' },
        { name: 'bob', phoneNumber: '', extension: '101', sipUri: '', emailAddress: '' },
      ],
    });
    await createObject(admin, 'SIPAUTH_STACK', 'ext 100', { username: '100', password: 'Ext-100-Pw' });
    await createObject(admin, 'SIPAUTH_STACK', 'ext 101', { username: '101', password: 'Ext-101-Pw' });
    const [registrar] = await addRegistrar(admin, {
      displayName: 'Phones',
      udpTcpPort: registrarPort,
      tlsPort: registrarPort + 1 > 65535 ? registrarPort - 1 : registrarPort + 1,
      sipDomain: DOMAIN,
      sipPhoneRegistrarDirectoryId: directory['id'],
    });
    // the phones' calls come in at the registrar node and leave it toward the phone registered under the number
    await routeCalls(admin, {
      displayName: 'Extensions to the phones',
      source: registrar!.id,
      destination: registrar!.id,
      pattern: '1*',
    });
    expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
    const on = await licenseAndTurnSipOn(admin);
    expect(
      on.listeners.filter((l) => l.state === 'listening').map((l) => `${l.nodeName} ${l.transport} ${l.port}`),
      JSON.stringify(on.listeners),
    ).to.include.members([`Phones UDP ${registrarPort}`]);
  });

  after(async () => {
    await Promise.all([alice?.stop(), bob?.stop()]);
    await gateway?.stop();
  });

  async function sessions(): Promise<SessionView[]> {
    const response = await admin.post('/api/activeSessions/get', { json: {} });
    expect(response.status, response.text).to.equal(200);
    return (response.json.activeSessions as SessionView[]).filter((s) => s.incoming.telLocalNumber === '101');
  }

  async function history(): Promise<Entry[]> {
    await gateway.get(BatchingMonitorSinks).flush();
    const response = await admin.post('/api/callHistory/get', {
      query: { dateFormat: 'ISO-8601' },
      json: { count: 10 },
    });
    expect(response.status, response.text).to.equal(200);
    return (response.json.entries as Entry[]).filter((e) => e.inboundDestinationDialString === '101');
  }

  async function messages(session: string): Promise<StoredMessage[]> {
    const response = await admin.get('/api/messageHistory', { query: { filterSessionIdentifier: session } });
    expect(response.status, response.text).to.equal(200);
    return response.json as StoredMessage[];
  }

  /** Both sides' packet counts now: the phones' own and the relay's on each leg of the call. */
  async function counts() {
    const [session] = await sessions();
    expect(session?.outgoing, 'the call is active with its outbound leg').to.have.length(1);
    return {
      alice: (await alice.rtp())!,
      bob: (await bob.rtp())!,
      inbound: session!.incoming,
      outbound: session!.outgoing[0]!,
    };
  }

  it('both phones register under their extensions with their passwords (a display name in From)', async () => {
    alice = await Baresip.start({
      displayName: 'Alice',
      user: '100',
      password: 'Ext-100-Pw',
      domain: DOMAIN,
      registrarPort,
      toneHz: 440,
    });
    bob = await Baresip.start({
      displayName: 'Bob',
      user: '101',
      password: 'Ext-101-Pw',
      domain: DOMAIN,
      registrarPort,
      toneHz: 660,
    });
    await until(
      async () => (await alice.registration()).ok && (await bob.registration()).ok,
      'both phones register',
      10_000,
    ).catch(withLogs);
    for (const phone of [alice, bob]) {
      expect((await phone.registration()).expires, 'the expiry the registrar granted').to.be.within(500, 600);
    }
  });

  it('phone A dials phone B: B answers by itself and a tone flows both ways, counted by both phones and in activeSessions', async () => {
    const dialed = await alice.command('dial', '101');
    expect(dialed.ok, dialed.data).to.equal(true);
    await until(() => alice.saw('CALL_ESTABLISHED') && bob.saw('CALL_ESTABLISHED'), 'B answers', 10_000).catch(
      withLogs,
    );
    await pause(1_000);
    const before = await counts();
    await pause(1_500);
    const after = await counts();
    // 50 packets a second each way (20 ms ptime): over 1.5 s, well above 30 more on every counter
    const grew = (from: number, to: number, what: string) => expect(to - from, what).to.be.above(30);
    grew(before.alice.sent, after.alice.sent, 'A sends');
    grew(before.alice.received, after.alice.received, 'A receives');
    grew(before.bob.sent, after.bob.sent, 'B sends');
    grew(before.bob.received, after.bob.received, 'B receives');
    grew(before.inbound.rtpReceiveTotalPackets, after.inbound.rtpReceiveTotalPackets, 'the relay gets A');
    grew(before.inbound.rtpSendTotalPackets, after.inbound.rtpSendTotalPackets, 'the relay sends to A');
    grew(before.outbound.rtpReceiveTotalPackets, after.outbound.rtpReceiveTotalPackets, 'the relay gets B');
    grew(before.outbound.rtpSendTotalPackets, after.outbound.rtpSendTotalPackets, 'the relay sends to B');
    expect(after.inbound).to.include({ rtpPacketsLost: 0, mediaReceiveCodec: 'PCMU' });
    expect(after.outbound).to.include({ rtpPacketsLost: 0, mediaReceiveCodec: 'PCMU' });
  });

  it('A puts B on hold and resumes: each re-INVITE crosses the gateway to B, and the tone flows both ways again', async () => {
    const held = await alice.command('hold');
    expect(held.ok, held.data).to.equal(true);
    await pause(1_500);
    const resumed = await alice.command('resume');
    expect(resumed.ok, resumed.data).to.equal(true);
    await pause(1_500);
    const before = await counts();
    await pause(1_500);
    const after = await counts();
    expect(after.bob.received - before.bob.received, 'B hears A again').to.be.above(30);
    expect(after.alice.received - before.alice.received, 'A hears B again').to.be.above(30);
  });

  it('A sends DTMF (RFC 4733): B receives the digits and they are in the history; A hangs up, the call ends ANSWERED, inbound side', async () => {
    for (const digit of DIGITS) {
      const sent = await alice.command('sndcode', digit);
      expect(sent.ok, sent.data).to.equal(true);
      await pause(300);
    }
    await until(() => bob.receivedDigits().length === DIGITS.length, 'B receives the digits', 5_000).catch(withLogs);
    expect(bob.receivedDigits()).to.deep.equal(DIGITS);
    const hungUp = await alice.command('hangup');
    expect(hungUp.ok, hungUp.data).to.equal(true);
    await until(() => alice.saw('CALL_CLOSED') && bob.saw('CALL_CLOSED'), 'both phones see the call end', 10_000);
    await until(async () => (await history()).length === 1, 'the call is in the history');
    entry = (await history())[0]!;
    expect(entry).to.include({ result: 'ANSWERED', sipStatusCode: 200, disconnectingSide: 'inbound' });
    expect(entry.dtmf.map((d) => [d.digit, d.source, d.method])).to.deep.equal(
      DIGITS.map((digit) => [digit, 'inbound', 'rfc4733']),
    );
    expect(await sessions(), 'the call left activeSessions').to.deep.equal([]);
    // what the relay counted on each leg is what the phones say they sent (a few packets around the BYE aside)
    const [a, b] = [alice.finalRtp()!, bob.finalRtp()!];
    expect(entry.inbound!.packetsReceived, `A sent ${a.sent}`).to.be.closeTo(a.sent, 10);
    expect(entry.outbound!.packetsReceived, `B sent ${b.sent}`).to.be.closeTo(b.sent, 10);
    expect(entry.inbound!.packetsSent, `A received ${a.received}`).to.be.closeTo(a.received, 10);
  });

  it('the INVITE reaches B at its registered Contact, the hold and resume crossed to B, and each BYE is answered 200 on its leg', async () => {
    expect(entry, 'the call ended').to.not.equal(undefined);
    const stored = await messages(entry!.sessionIdentifier);
    const parse = (m: StoredMessage | undefined): SipMessage => parseSip(m!.message);
    const toB = stored.filter((m) => m.callIndex === 1);
    const invite = parse(toB.find((m) => m.direction === 'sent' && m.messageType === 'INVITE'));
    const answer = parse(toB.find((m) => m.direction === 'received' && m.messageType.startsWith('200')));
    const contact = parseNameAddr(answer.headers.find((h) => h.name === 'Contact')!.value).uri;
    // baresip registers and answers with the same Contact: the Request-URI must be it (RFC 3261 section 16.5)
    expect(invite.kind === 'request' && invite.uri).to.equal(contact);
    // the hold and the resume: A's re-INVITEs reached B in B's dialog, B's answers came back to A (RFC 3264 8.4)
    const reinvites = (index: number, direction: string) =>
      stored.filter((m) => m.callIndex === index && m.direction === direction && m.messageType === 'INVITE').slice(1);
    const directions = (list: StoredMessage[]) =>
      list.map((m) => /a=(sendonly|recvonly|inactive|sendrecv)/.exec(m.message)?.[1] ?? 'sendrecv');
    expect(directions(reinvites(0, 'received')), 'from A').to.deep.equal(['sendonly', 'sendrecv']);
    expect(directions(reinvites(1, 'sent')), 'to B').to.deep.equal(['sendonly', 'sendrecv']);
    const answers = stored.filter(
      (m) => m.callIndex === 0 && m.direction === 'sent' && m.messageType.startsWith('200'),
    );
    expect(
      answers.some((m) => /a=recvonly/.test(m.message)),
      "B's recvonly answer reached A",
    ).to.equal(true);
    for (const index of [0, 1]) {
      const types = stored.filter((m) => m.callIndex === index).map((m) => m.messageType);
      const bye = types.indexOf('BYE');
      expect(bye, `leg ${index}: ${types.join(', ')}`).to.be.above(-1);
      expect(types.slice(bye + 1), `leg ${index}: ${types.join(', ')}`).to.include('200 OK');
    }
  });

  it("the message history's pcap of the call opens in tshark: every message a SIP packet, none malformed", async function () {
    if (!existsSync(TSHARK)) this.skip();
    expect(entry, 'the call ended').to.not.equal(undefined);
    const url = new URL('/api/messageHistory', gateway.baseUrl);
    url.search = new URLSearchParams({
      version: '0',
      filterSessionIdentifier: entry!.sessionIdentifier,
      resultFormat: 'pcap',
    }).toString();
    const response = await fetch(url, {
      headers: { authorization: `Basic ${Buffer.from('anadmin:anadmin-test-Pw1!').toString('base64')}` },
    });
    expect(response.status).to.equal(200);
    const read = await tsharkReads(Buffer.from(await response.arrayBuffer()));
    expect(read.malformed, 'tshark -Y _ws.malformed prints nothing').to.equal('');
    const stored = await messages(entry!.sessionIdentifier);
    expect(read.protocols, 'one packet per message').to.have.length(stored.length);
    for (const protocols of read.protocols) expect(protocols).to.match(/:udp:sip/);
  });
});
