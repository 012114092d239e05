import { expect } from 'chai';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { advertisedSipHost } from '../../../src/app/config/advertisedSipHost.js';
import { BatchingMonitorSinks } from '../../../src/contexts/monitoring/history/application/BatchingMonitorSinks.js';
import { SIPP, expectAllPassed, freeUdpPort, runSipp, startSipp } from '../../support/sip/sipp.js';
import { until } from '../../support/sip/sipPhone.js';
import { pcapFolder, rtpOfPcap, scenarioFile, uacPlaying, uasPlaying, type MediaStep } from './pcapScenarios.js';
import type { Entry } from './sipMediaSupport.js';
import { sipTransportLab } from './sipTransportSupport.js';

/** A message as SIPp's -trace_msg log has it: whether SIPp received it (from gwsim) and its text. */
interface Traced {
  readonly received: boolean;
  readonly text: string;
}

/** The messages of a SIPp -trace_msg log, in order (each block opens with a dashed line and a timestamp). */
function traced(log: string): Traced[] {
  return log
    .split(/^-{20,}.*$/m)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => {
      const [first, ...rest] = block.split('\n');
      return { received: /message received/i.test(first!), text: rest.join('\n').trim() };
    })
    .filter((message) => message.text !== '');
}

function headerOf(message: string, name: string): string | undefined {
  return new RegExp(`^${name}:\\s*(.*?)\\s*$`, 'im').exec(message)?.[1];
}

/** What two SIPp instances around the gateway saw of one call: the caller's messages and the far end's. */
interface CallTrace {
  readonly caller: Traced[];
  readonly far: Traced[];
}

/**
 * One call through the lab: a SIPp UAS stands for the far PBX, a SIPp UAC calls the PBX node, each playing `media`
 * once the call is up (the caller hangs up `holdMs` later: SIPp plays in the background); both trace every message
 * they send and receive (-trace_msg).
 */
async function callThrough(
  lab: ReturnType<typeof sipTransportLab>,
  service: string,
  media: readonly MediaStep[],
  holdMs: number,
): Promise<CallTrace> {
  const { pbxPort, uasPort } = lab.state();
  const directory = mkdtempSync(path.join(tmpdir(), 'sip-advertise-'));
  const logs = { caller: path.join(directory, 'caller.log'), far: path.join(directory, 'far.log') };
  try {
    const uas = await startSipp({
      scenario: scenarioFile('uas-advertise', uasPlaying(media)),
      localPort: uasPort,
      timeoutMs: 60_000,
      extra: ['-mp', String(await freeUdpPort()), '-trace_msg', '-message_file', logs.far],
    });
    try {
      const uac = await runSipp({
        scenario: scenarioFile('uac-advertise', uacPlaying([...media, { pauseMs: holdMs }])),
        remote: `127.0.0.1:${pbxPort}`,
        service,
        calls: 1,
        timeoutMs: 60_000,
        extra: ['-mp', String(await freeUdpPort()), '-trace_msg', '-message_file', logs.caller],
      });
      expectAllPassed(uac, 1);
    } finally {
      expectAllPassed(await uas.stop(), 1);
    }
    const read = (file: string) => (existsSync(file) ? traced(readFileSync(file, 'latin1')) : []);
    return { caller: read(logs.caller), far: read(logs.far) };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** What the gateway sent: the messages SIPp received, on both sides of the call. */
function fromGateway(trace: CallTrace): Traced[] {
  return [...trace.caller, ...trace.far].filter((message) => message.received);
}

function okToInvite(trace: CallTrace): string {
  const ok = trace.caller.find((m) => m.received && /^SIP\/2\.0 200/.test(m.text) && /CSeq:\s*1 INVITE/i.test(m.text));
  expect(ok, 'the caller got a 200 to its INVITE').to.not.equal(undefined);
  return ok!.text;
}

function inviteToFar(trace: CallTrace): string {
  const invite = trace.far.find((m) => m.received && /^INVITE /.test(m.text));
  expect(invite, 'the far end got an INVITE').to.not.equal(undefined);
  return invite!.text;
}

/** Where a message names the gateway: its Contact's host, and its SDP's c= and o= addresses. */
function namedHosts(message: string): { contact: string | undefined; connection: string[]; origin: string[] } {
  return {
    contact: /<sips?:(?:[^@>]*@)?(\[[^\]]+\]|[^:;>]+)/.exec(headerOf(message, 'Contact') ?? '')?.[1],
    connection: [...message.matchAll(/^c=IN IP[46] (\S+)$/gm)].map((m) => m[1]!),
    origin: [...message.matchAll(/^o=\S+ \S+ \S+ IN IP[46] (\S+)$/gm)].map((m) => m[1]!),
  };
}

/** The sent-by host of a request's top Via. */
function viaHost(message: string): string | undefined {
  return /^SIP\/2\.0\/\w+\s+(\[[^\]]+\]|[^:;\s]+)/.exec(headerOf(message, 'Via') ?? '')?.[1];
}

/**
 * SIP bound to every interface (GWSIM_SIP_HOST 0.0.0.0) names a host a peer can reach, never the wildcard: the
 * address GWSIM_SIP_ADVERTISE gives, else this machine's first non-internal address (RFC 3261 sections 18.2.1 and
 * 20.42 for Via, 8.1.1.8 for Contact; RFC 4566 for c=). SIPp calls through it and checks what it received.
 */
describe('SIP on a wildcard address advertises one a peer can reach (SIPp)', function () {
  this.timeout(180_000);

  describe('with GWSIM_SIP_ADVERTISE', () => {
    const lab = sipTransportLab({ sipHost: '0.0.0.0', sipAdvertise: '127.0.0.1' });

    it("names 127.0.0.1 in the 200's Contact and SDP, in the INVITE toward the far end, and relays the call's RTP", async function () {
      const pcaps = pcapFolder();
      if (!existsSync(SIPP) || !pcaps) this.skip();
      const { admin, gateway } = lab.state();
      const state = await lab.sip({});
      expect(state).to.deep.include({ host: '0.0.0.0', advertisedHost: '127.0.0.1' });
      expect(state.listeners.map((l: { host: string }) => l.host)).to.include('0.0.0.0');
      const audio = path.join(pcaps!, 'g711a.pcap');
      const packets = rtpOfPcap(audio).length;
      // every packet played before the BYE: the file's 236 packets last 7.05 s
      const trace = await callThrough(lab, '4930555001', [{ play: audio }], 8500);

      const ok = okToInvite(trace);
      expect(namedHosts(ok), ok).to.deep.equal({
        contact: '127.0.0.1',
        connection: ['127.0.0.1'],
        origin: ['127.0.0.1'],
      });
      const invite = inviteToFar(trace);
      expect(viaHost(invite), invite).to.equal('127.0.0.1');
      expect(namedHosts(invite), invite).to.deep.equal({
        contact: '127.0.0.1',
        connection: ['127.0.0.1'],
        origin: ['127.0.0.1'],
      });
      for (const message of fromGateway(trace)) expect(message.text).to.not.contain('0.0.0.0');

      // the call completed, its RTP relayed both ways through the ports the SDP named
      let entry: Entry | undefined;
      await until(async () => {
        await gateway.get(BatchingMonitorSinks).flush();
        const response = await admin.post('/api/callHistory/get', {
          query: { dateFormat: 'ISO-8601' },
          json: { count: 100 },
        });
        entry = (response.json.entries as Entry[]).find((e) => e.inboundDestinationDialString === '4930555001');
        return entry !== undefined;
      }, 'the call is in the history');
      expect(entry).to.deep.include({ result: 'ANSWERED', sipStatusCode: 200 });
      expect(entry!.inbound).to.deep.include({ packetsReceived: packets, packetsSent: packets, figures: 'measured' });
      expect(entry!.outbound).to.deep.include({ packetsReceived: packets, packetsSent: packets, figures: 'measured' });
    });
  });

  describe('without GWSIM_SIP_ADVERTISE', () => {
    const lab = sipTransportLab({ sipHost: '0.0.0.0' });

    it("names this machine's first address, and 0.0.0.0 appears in nothing the gateway sends", async function () {
      if (!existsSync(SIPP)) this.skip();
      const chosen = advertisedSipHost('0.0.0.0');
      expect(chosen).to.be.a('string').and.not.equal('0.0.0.0');
      const state = await lab.sip({});
      expect(state).to.deep.include({ host: '0.0.0.0', advertisedHost: chosen });
      const trace = await callThrough(lab, '4930555002', [], 300);

      const sent = fromGateway(trace);
      expect(sent.length, 'the 100, 200 and 200 to the BYE, the INVITE and BYE').to.be.at.least(5);
      for (const message of sent) expect(message.text).to.not.contain('0.0.0.0');
      const ok = okToInvite(trace);
      expect(namedHosts(ok), ok).to.deep.equal({ contact: chosen, connection: [chosen], origin: [chosen] });
      const invite = inviteToFar(trace);
      expect(viaHost(invite), invite).to.equal(chosen);
      expect(namedHosts(invite).contact, invite).to.equal(chosen);
    });
  });
});
