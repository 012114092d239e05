import { expect } from 'chai';
import { buildResponse, header, headerValues, parseSip, type SipRequest, type SipResponse } from '@gwsim/sip';
import {
  offeringReliability,
  ReliableResponses,
} from '../../../../src/contexts/simulation/sip/infrastructure/ReliableResponses.js';
import type { PlanNode } from '../../../../src/contexts/configuration/index.js';

function request(method: string, seq: number, extra: string[] = []): SipRequest {
  const text = [
    `${method} sip:4930123456@127.0.0.1:5070 SIP/2.0`,
    'Via: SIP/2.0/UDP 127.0.0.1:5099;branch=z9hG4bK-rel' + method + seq,
    'Max-Forwards: 70',
    'From: <sip:100@127.0.0.1>;tag=a',
    'To: <sip:4930123456@127.0.0.1>' + (method === 'INVITE' ? '' : ';tag=gw'),
    'Call-ID: reliable-1',
    `CSeq: ${seq} ${method}`,
    'Contact: <sip:100@127.0.0.1:5099>',
    ...extra,
    'Content-Length: 0',
    '',
    '',
  ].join('\r\n');
  return parseSip(text) as SipRequest;
}

const INVITE = request('INVITE', 7, ['Supported: 100rel']);
const prackOf = (rack?: string) => request('PRACK', 8, rack === undefined ? [] : [`RAck: ${rack}`]);

function harness(t1Ms = 10_000) {
  const sent: SipResponse[] = [];
  const expired: SipResponse[] = [];
  const reliable = new ReliableResponses(
    'reliable-1',
    7,
    t1Ms,
    (r) => sent.push(r),
    (r) => expired.push(r),
  );
  /** The PRACK's verdict, noted in `sent` order as a status line of its own ('PRACK 200'). */
  const prack = (rack?: string): number => {
    let verdict = 0;
    reliable.prack(prackOf(rack), (status) => {
      verdict = status;
      sent.push({ ...buildResponse(prackOf(rack), status), reason: 'PRACK' });
    });
    return verdict;
  };
  return { sent, expired, reliable, prack };
}

/** The statuses sent, a PRACK's answer as 'PRACK <status>'. */
const statuses = (sent: readonly SipResponse[]) =>
  sent.map((r) => (r.reason === 'PRACK' ? `PRACK ${r.status}` : r.status));

function node(reliableProvisionals: 'SUPPORTED' | 'REQUIRED' | 'DISABLED'): PlanNode {
  return { sip: { reliableProvisionals } } as unknown as PlanNode;
}

describe('ReliableResponses: the 18x of a caller with 100rel (RFC 3262 section 3)', () => {
  it('sends an 18x with Require: 100rel and an RSeq in 1..2^31-1, the next one higher by one once the first is PRACKed', () => {
    const { sent, reliable, prack } = harness();
    reliable.respond(buildResponse(INVITE, 180, { toTag: 'gw' }));
    expect(sent).to.have.length(1);
    expect(header(sent[0]!, 'Require')).to.equal('100rel');
    const rseq = Number(header(sent[0]!, 'RSeq'));
    expect(rseq).to.be.within(1, 2 ** 31 - 1);
    reliable.respond(buildResponse(INVITE, 183, { toTag: 'gw' }));
    expect(sent, 'a second reliable 18x waits for the first PRACK').to.have.length(1);
    expect(prack(`${rseq} 7 INVITE`)).to.equal(200);
    expect(statuses(sent)).to.deep.equal([180, 'PRACK 200', 183]);
    expect(Number(header(sent[2]!, 'RSeq'))).to.equal(rseq + 1);
    reliable.stop();
  });

  it('holds the 2xx until the PRACK, answers 481 to a PRACK naming no response waiting, 400 without RAck', () => {
    const { sent, reliable, prack } = harness();
    reliable.respond(buildResponse(INVITE, 180, { toTag: 'gw' }));
    const rseq = Number(header(sent[0]!, 'RSeq'));
    reliable.respond(buildResponse(INVITE, 200, { toTag: 'gw' }));
    expect(sent.map((r) => r.status)).to.deep.equal([180]);
    expect(reliable.holding).to.equal(true);
    expect(prack()).to.equal(400);
    expect(prack(`${rseq + 1} 7 INVITE`)).to.equal(481);
    expect(prack(`${rseq} 6 INVITE`), 'another CSeq number').to.equal(481);
    expect(prack(`${rseq} 7 INVITE`)).to.equal(200);
    expect(statuses(sent), "the PRACK's 200, then the INVITE's").to.deep.equal([
      180,
      'PRACK 400',
      'PRACK 481',
      'PRACK 481',
      'PRACK 200',
      200,
    ]);
    expect(prack(`${rseq} 7 INVITE`), 'acknowledged already').to.equal(481);
  });

  it('sends a failure at once and stops waiting', () => {
    const { sent, reliable } = harness();
    reliable.respond(buildResponse(INVITE, 180, { toTag: 'gw' }));
    reliable.respond(buildResponse(INVITE, 200, { toTag: 'gw' }));
    reliable.respond(buildResponse(INVITE, 487, { toTag: 'gw' }));
    expect(sent.map((r) => r.status)).to.deep.equal([180, 487]);
    expect(reliable.holding).to.equal(false);
  });

  it('sends the 18x again at T1, 2·T1, 4·T1... and gives up at 64·T1', async () => {
    const { sent, expired, reliable } = harness(5);
    reliable.respond(buildResponse(INVITE, 180, { toTag: 'gw' }));
    await new Promise((resolve) => setTimeout(resolve, 64 * 5 + 150));
    // at 0, then T1, 3·T1, 7·T1, 15·T1, 31·T1, 63·T1: seven in all, then no PRACK at 64·T1
    expect(sent).to.have.length(7);
    expect(expired.map((r) => r.status)).to.deep.equal([180]);
    expect(reliable.holding).to.equal(false);
  });
});

describe("offeringReliability: 100rel in the gateway's INVITE toward a far end (RFC 3262 section 4)", () => {
  it('adds Supported: 100rel (SUPPORTED) or Require: 100rel (REQUIRED), nothing when DISABLED', () => {
    const plain = request('INVITE', 1, ['Supported: timer']);
    expect(headerValues(offeringReliability(plain, node('SUPPORTED')), 'Supported')).to.deep.equal(['timer', '100rel']);
    expect(headerValues(offeringReliability(plain, node('REQUIRED')), 'Require')).to.deep.equal(['100rel']);
    expect(offeringReliability(plain, node('DISABLED'))).to.equal(plain);
  });
});
