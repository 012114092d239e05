import { expect } from 'chai';
import { TrafficEngine } from '../../../../src/contexts/simulation/calls/domain/TrafficEngine.js';
import type { LabId } from '../../../../src/shared/domain/LabId.js';
import { RecordingSinks } from '../../../support/simulation/RecordingSinks.js';
import {
  ScriptedTransport,
  type CallerScript,
  type FarEndScript,
} from '../../../support/simulation/ScriptedTransport.js';
import { OPEN_GATES, START, twoCarrierPlan } from '../../../support/simulation/engineHarness.js';

/** The gateway on a scripted world with a setup limit; the failures its safety net was told of are kept. */
function scripted(farEnds: Record<string, FarEndScript>, callers: readonly CallerScript[], setupLimitMs?: number) {
  const sinks = new RecordingSinks();
  const failures: { error: unknown; sessionIdentifier: string | undefined }[] = [];
  let transport: ScriptedTransport | undefined;
  const engine = new TrafficEngine(
    'default' as LabId,
    START,
    twoCarrierPlan(),
    OPEN_GATES,
    sinks.recorder(),
    (scheduler) => (transport = new ScriptedTransport(scheduler, farEnds, callers, setupLimitMs)),
    () => undefined,
    (error, sessionIdentifier) => failures.push({ error, sessionIdentifier }),
  );
  let at = 0;
  /** Advances second by second, as a lab's steps do, to `seconds` after the start. */
  const run = (seconds: number) => {
    for (; at < seconds; at = Math.min(seconds, at + 1)) engine.advanceTo(new Date(START.getTime() + at * 1000));
    engine.advanceTo(new Date(START.getTime() + seconds * 1000));
  };
  const commands = () => transport!.commands.map((c) => `${c.what} ${c.leg} ${c.status ?? c.method ?? ''}`.trim());
  return { engine, sinks, failures, run, commands };
}

const CALL: CallerScript = { atMs: 1000, nodeId: 'pbx', source: '+49301111', destination: '0301234567' };
/** SDP the gateway cannot answer: no version line, a media line with no formats. */
const BROKEN_OFFER = 'o=- 1 1 IN IP4 192.0.2.1\r\nm=audio 4000 RTP/AVP\r\n';

describe("the gateway's safety net: every call ends", () => {
  it('a call whose handling fails ends on both legs (500 to the caller, BYE to the far end that answered) with a history entry; a call beside it goes on', () => {
    const { engine, sinks, failures, run, commands } = scripted(
      { 'carrier-a': { responses: [{ afterMs: 10, status: 200 }] } },
      [
        { ...CALL, body: BROKEN_OFFER },
        { ...CALL, source: '+49302222', byeAfterMs: 5000, seed: 8 },
      ],
    );
    run(3);
    expect(engine.activeCount, 'the healthy call is up, the broken one is gone').to.equal(1);
    expect([...engine.calls()][0]!.state).to.equal('connected');
    expect(failures).to.have.length(1);
    expect(String(failures[0]!.error)).to.match(/SdpError/);
    expect(commands().slice(0, 9)).to.deep.equal([
      'respond 0 100',
      'invite 1',
      'respond 0 100',
      'invite 1',
      'ack 1',
      'bye 1',
      'respond 0 500',
      'release 1',
      'release 0',
    ]);
    const broken = sinks.calls.find((c) => c.inboundSourceDialString === '+49301111')!;
    expect([broken.result, broken.sipStatusCode, broken.q850Cause, broken.disconnectingSide]).to.deep.equal([
      'FAILED',
      500,
      41,
      'gateway',
    ]);
    expect(failures[0]!.sessionIdentifier).to.equal(broken.sessionIdentifier);
    run(20);
    expect(engine.activeCount).to.equal(0);
    const healthy = sinks.calls.find((c) => c.inboundSourceDialString === '+49302222')!;
    expect(healthy.result).to.equal('ANSWERED');
  });

  it('an offer the simulator has no codec for (EVS only) ends the call with 488 after the far end answered, and is no failure', () => {
    const evsOnly = [
      'v=0',
      'o=- 1 1 IN IP4 192.0.2.1',
      's=-',
      'c=IN IP4 192.0.2.1',
      't=0 0',
      'm=audio 4000 RTP/AVP 96',
      'a=rtpmap:96 EVS/16000',
      'm=video 4002 RTP/AVP 97',
      'a=rtpmap:97 H264/90000',
      '',
    ].join('\r\n');
    const { sinks, failures, run, commands } = scripted(
      { 'carrier-a': { responses: [{ afterMs: 10, status: 200 }] } },
      [{ ...CALL, body: evsOnly }],
    );
    run(5);
    expect(failures).to.deep.equal([]);
    expect(commands()).to.include.members(['bye 1', 'respond 0 488']);
    const entry = sinks.calls[0]!;
    expect([entry.result, entry.sipStatusCode, entry.sipReasonPhrase]).to.deep.equal([
      'FAILED',
      488,
      'Not Acceptable Here',
    ]);
  });

  it('a late offer (an INVITE without SDP) is answered 200 with an offer of the gateway', () => {
    const { sinks, run } = scripted({ 'carrier-a': { responses: [{ afterMs: 10, status: 200 }] } }, [
      { ...CALL, body: '', byeAfterMs: 1000 },
    ]);
    run(10);
    const entry = sinks.calls[0]!;
    expect(entry.result).to.equal('ANSWERED');
    const ok = sinks
      .messagesOf(entry.sessionIdentifier)
      .find(
        (m) =>
          m.callIndex === 0 &&
          m.direction === 'sent' &&
          m.message.startsWith('SIP/2.0 200 OK') &&
          m.message.includes('INVITE'),
      )!;
    expect(ok.message).to.match(/m=audio \d+ RTP\/AVP 8 0 9 96 97\r\n(.|\r\n)*a=rtpmap:97 telephone-event/);
  });

  it('no final answer within the setup limit: the attempt is cancelled and the caller gets 408 (Timer C)', () => {
    const { engine, sinks, run, commands } = scripted(
      { 'carrier-a': { responses: [{ afterMs: 10, status: 180 }] } },
      [CALL],
      30_000,
    );
    run(30);
    expect(engine.activeCount, 'ringing within the limit').to.equal(1);
    run(32);
    expect(engine.activeCount).to.equal(0);
    expect(commands()).to.deep.equal([
      'respond 0 100',
      'invite 1',
      'respond 0 180',
      'cancel 1',
      'ack 1',
      'respond 0 408',
    ]);
    const entry = sinks.calls[0]!;
    expect([entry.result, entry.sipStatusCode, entry.q850Cause, entry.disconnectingSide]).to.deep.equal([
      'NO_ANSWER',
      408,
      102,
      'gateway',
    ]);
  });

  it('a far end that never ends its INVITE after the CANCEL: the call ends anyway once the teardown limit passes', () => {
    const { engine, sinks, run, commands } = scripted(
      { 'carrier-a': { responses: [{ afterMs: 10, status: 180 }], ignoresCancel: true } },
      [CALL],
      30_000,
    );
    run(70);
    expect(engine.activeCount, 'still waiting for the 487').to.equal(1);
    run(72);
    expect(engine.activeCount).to.equal(0);
    expect(commands()).to.deep.equal([
      'respond 0 100',
      'invite 1',
      'respond 0 180',
      'cancel 1',
      'respond 0 408',
      'release 1',
      'release 0',
    ]);
    expect(sinks.calls[0]!.sipStatusCode).to.equal(408);
  });

  it('without a setup limit (far ends the transport models), a ringing call rings on', () => {
    const { engine, run } = scripted({ 'carrier-a': { responses: [{ afterMs: 10, status: 180 }] } }, [CALL]);
    run(600);
    expect(engine.activeCount).to.equal(1);
  });
});

describe("the caller's display name", () => {
  it("reaches the far end in the From of the gateway's INVITE, quoted as RFC 3261 section 25.1 writes it", () => {
    const { sinks, run } = scripted({ 'carrier-a': { responses: [{ afterMs: 10, status: 486 }] } }, [
      { ...CALL, sourceName: 'Dave "H" Ünal' },
    ]);
    run(5);
    const invite = sinks.messages.find((m) => m.callIndex === 1 && m.message.startsWith('INVITE'))!;
    expect(invite.message).to.match(/\r\nFrom: "Dave \\"H\\" Ünal" <sip:\+49301111@/);
  });
});

describe('an RFC 2543 caller (no Contact in its INVITE)', () => {
  it("is sent the far end's BYE at its From's URI, and the call ends as answered", () => {
    const { sinks, failures, run } = scripted(
      { 'carrier-a': { responses: [{ afterMs: 10, status: 200 }], byeAfterMs: 2000 } },
      [{ ...CALL, withoutContact: true }],
    );
    run(10);
    expect(failures).to.deep.equal([]);
    const entry = sinks.calls[0]!;
    expect([entry.result, entry.disconnectingSide]).to.deep.equal(['ANSWERED', 'outbound']);
    const bye = sinks.messages.find((m) => m.callIndex === 0 && m.message.startsWith('BYE '))!;
    expect(bye.message).to.match(/^BYE sip:\+49301111@/);
  });
});
