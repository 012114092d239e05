import { expect } from 'chai';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildRequest, type SipRequest } from '@gwsim/sip';
import type { ApiClient } from '../../support/ApiClient.js';
import { SIPP, freeUdpPort, runSipp, startSipp } from '../../support/sip/sipp.js';
import { SipPhone, sdpAddress, until, type OutgoingCall } from '../../support/sip/sipPhone.js';
import { mediaMos } from '../../../src/contexts/simulation/calls/domain/EModel.js';
import { pcapFolder, rtpOfPcap, scenarioFile, sequenceLoss, uacPlaying, uasPlaying } from './pcapScenarios.js';
import { sipMediaLab, type Entry, type SessionView } from './sipMediaSupport.js';

/** Sends `count` PCMA packets every 20 ms; `seqStep` 2 leaves a gap after each (every other packet never sent). */
async function sendPaced(phone: SipPhone, to: { host: string; port: number }, count: number, seqStep = 1) {
  const ssrc = 0x51a7e000 + count;
  for (let i = 0; i < count; i += 1) {
    const packet = Buffer.alloc(12 + 160, 0xd5);
    packet[0] = 0x80;
    packet[1] = 8;
    packet.writeUInt16BE((1000 + i * seqStep) & 0xffff, 2);
    packet.writeUInt32BE(160 * i * seqStep, 4);
    packet.writeUInt32BE(ssrc, 8);
    phone.rtp.socket.send(packet, to.port, to.host);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** An INFO inside the dialog of an answered call, carrying a DTMF digit as application/dtmf-relay. */
function dtmfInfo(phone: SipPhone, call: OutgoingCall, digit: string): Promise<number> {
  const dialog = call.dialog!;
  const local = phone.address;
  const info: SipRequest = buildRequest({
    method: 'INFO',
    uri: dialog.remoteTarget,
    via: { transport: local.transport, host: local.host, port: local.port, branch: `z9hG4bKinfo${Date.now()}` },
    from: dialog.local,
    to: dialog.remote,
    callId: dialog.callId,
    cseq: 2,
    contentType: 'application/dtmf-relay',
    body: `Signal=${digit}\r\nDuration=160\r\n`,
  });
  return new Promise((resolve) =>
    phone.stack.request(info, call.target, {
      response: (response) => {
        if (response.status >= 200) resolve(response.status);
      },
      timeout: () => resolve(408),
    }),
  );
}

/**
 * The figures of a real call are the packets the gateway relayed: the history entry's counters equal what the
 * phones sent through it, a far end that sends every other packet shows half its packets lost and a low MOS, and
 * DTMF digits (RFC 4733 events played by SIPp from pcap files, SIP INFO) are in the entry and the ladder.
 */
describe('real SIP end to end: measured media and DTMF in the call history', function () {
  this.timeout(300_000);
  const lab = sipMediaLab();
  const { pbx, history, sessions, answered } = lab;
  let admin: ApiClient;
  let caller: SipPhone;
  let far: SipPhone;
  let pbxPort: number;
  let uasPort: number;
  before(() => ({ admin, caller, far, pbxPort, uasPort } = lab.state()));

  async function ladder(entry: Entry, resultFormat: 'textFlow' | 'HTML'): Promise<string> {
    const response = await admin.get('/api/messageHistory', {
      query: { filterSessionIdentifier: entry.sessionIdentifier, resultFormat },
    });
    expect(response.status, response.text).to.equal(200);
    return response.text;
  }

  it('counts the packets SIPp played from pcap files both ways, and records the RFC 4733 digits in the entry and the ladder', async function () {
    const pcaps = pcapFolder();
    if (!existsSync(SIPP) || !pcaps) this.skip();
    const file = (name: string) => path.join(pcaps!, name);
    const digits = ['dtmf_2833_1.pcap', 'dtmf_2833_5.pcap', 'dtmf_2833_pound.pcap'];
    const uas = await startSipp({
      scenario: scenarioFile('uas-play', uasPlaying([{ play: file('g711a.pcap') }])),
      localPort: uasPort,
      timeoutMs: 60_000,
      extra: ['-mp', String(await freeUdpPort())],
    });
    let far;
    try {
      const uac = await runSipp({
        scenario: scenarioFile(
          'uac-play',
          uacPlaying([
            { play: file('g711a.pcap') },
            { pauseMs: 8000 },
            ...digits.flatMap((name) => [{ play: file(name) }, { pauseMs: 600 }]),
            { pauseMs: 1000 },
          ]),
        ),
        remote: `127.0.0.1:${pbxPort}`,
        service: '33100900',
        calls: 1,
        timeoutMs: 60_000,
        extra: ['-mp', String(await freeUdpPort())],
      });
      expect(uac.successful, `${uac.errors}\n${uac.stderr}`).to.equal(1);
    } finally {
      far = await uas.stop();
    }
    expect(far.successful, far.errors).to.equal(1);
    await until(async () => (await history('33100900')).length === 1, 'the call is in the history');
    const [entry] = await history('33100900');
    const audio = rtpOfPcap(file('g711a.pcap')).length;
    const events = digits.reduce((sum, name) => sum + rtpOfPcap(file(name)).length, 0);
    // SIPp played every packet before the BYE, on loopback: nothing in flight, nothing lost on the way
    expect(entry!.inbound).to.deep.include({
      packetsReceived: audio + events,
      packetsSent: audio,
      figures: 'measured',
    });
    expect(entry!.outbound).to.deep.include({
      packetsReceived: audio,
      packetsSent: audio + events,
      figures: 'measured',
    });
    expect(entry!.outbound!.packetsLost).to.equal(0);
    // the DTMF files are excerpts of one stream: the sequence numbers between them are loss to the gateway
    const lost = sequenceLoss([file('g711a.pcap'), ...digits.map(file)]);
    expect(lost).to.be.above(0);
    expect(entry!.inbound!.packetsLost).to.equal(lost);
    // the call's MOS is its worse direction's, by the E-model on the figures the entry shows
    const inboundLoss = (100 * lost) / (audio + events + lost);
    expect(entry!.mos).to.equal(mediaMos('PCMA', inboundLoss, entry!.inbound!.jitterMs));
    expect(entry!.dtmf.map((d) => [d.digit, d.source, d.method])).to.deep.equal([
      ['1', 'inbound', 'rfc4733'],
      ['5', 'inbound', 'rfc4733'],
      ['#', 'inbound', 'rfc4733'],
    ]);
    const flow = await ladder(entry!, 'textFlow');
    for (const digit of ['1', '5', '#']) expect(flow).to.include(`[DTMF ${digit} (RFC 4733)]`);
    expect((await ladder(entry!, 'HTML')).match(/<g class="note">/g)).to.have.length(3);
  });

  it('shows half the packets lost and a low MOS for a call whose far end sends every other packet; activeSessions names the real peers', async () => {
    const call = caller.call(pbx(), '4930100901');
    await answered(call);
    const invite = far.received('INVITE').at(-1)!;
    const [callerHad, farHad] = [caller.rtp.received, far.rtp.received];
    await Promise.all([
      sendPaced(caller, sdpAddress(call.answerSdp), 100),
      sendPaced(far, sdpAddress(invite.body), 100, 2),
    ]);
    await until(
      () => caller.rtp.received === callerHad + 100 && far.rtp.received === farHad + 100,
      'the RTP of each side reaches the other',
    );
    let session: SessionView | undefined;
    await until(async () => {
      session = (await sessions()).find((s) => s.incoming.telLocalNumber === '4930100901');
      return session !== undefined && session.outgoing.length === 1;
    }, 'the call is in activeSessions');
    expect(session!.incoming.usedTransportIri).to.equal(`sip:127.0.0.1:${caller.address.port};transport=udp`);
    expect(session!.outgoing[0]!.usedTransportIri).to.equal(`sip:127.0.0.1:${far.address.port};transport=udp`);
    expect(await caller.hangUp(call)).to.equal(200);
    await until(async () => (await history('4930100901')).length === 1, 'the call is in the history');
    const [entry] = await history('4930100901');
    expect(entry!.inbound).to.deep.include({ packetsReceived: 100, packetsSent: 100, packetsLost: 0 });
    // the far end's sequence numbers ran over 199 values, of which 100 came: 99 lost, in 99 gaps
    expect(entry!.outbound).to.deep.include({ packetsReceived: 100, packetsLost: 99, lossOccurrences: 99 });
    expect(entry!.outbound!.figures).to.equal('measured');
    expect(entry!.mos).to.be.below(2);
  });

  it('records a DTMF digit a phone sends in a SIP INFO, in the entry and the ladder', async () => {
    const call = caller.call(pbx(), '4930100902');
    await answered(call);
    expect(await dtmfInfo(caller, call, '7')).to.equal(200);
    expect(await caller.hangUp(call)).to.equal(200);
    await until(async () => (await history('4930100902')).length === 1, 'the call is in the history');
    const [entry] = await history('4930100902');
    expect(entry!.dtmf.map((d) => [d.digit, d.source, d.method])).to.deep.equal([['7', 'inbound', 'info']]);
    expect(await ladder(entry!, 'textFlow')).to.include('[DTMF 7 (SIP INFO)]');
  });
});
