import { expect } from 'chai';
import { CallCorrelation, callIdOf } from '../../../../src/contexts/simulation/hep/domain/CallCorrelation.js';

const message = (callId: string, header = 'Call-ID') =>
  `INVITE sip:1@192.0.2.1 SIP/2.0\r\nVia: SIP/2.0/UDP 192.0.2.2;branch=z9hG4bK1\r\n${header}: ${callId}\r\nCSeq: 1 INVITE\r\n\r\nv=0\r\nCall-ID: in-the-body\r\n`;

describe("the correlation id of a call's HEP messages", () => {
  it('reads the Call-ID header, its compact form, any case, from the headers only', () => {
    expect(callIdOf(message('a84b4c76e66710@pc33.example.com'))).to.equal('a84b4c76e66710@pc33.example.com');
    expect(callIdOf(message('compact-1', 'i'))).to.equal('compact-1');
    expect(callIdOf(message('lower-1', 'call-id'))).to.equal('lower-1');
    expect(callIdOf('SIP/2.0 200 OK\r\nCSeq: 1 INVITE\r\n\r\nCall-ID: in-the-body\r\n')).to.equal(undefined);
  });

  it("gives every leg's messages the inbound leg's Call-ID, and the inbound leg its own", () => {
    const correlation = new CallCorrelation();
    expect(correlation.of('s-1', 0, message('caller-call-id'))).to.equal('caller-call-id');
    expect(correlation.of('s-1', 1, message('gateway-b-leg'))).to.equal('caller-call-id');
    expect(correlation.of('s-1', 2, message('gateway-failover-leg'))).to.equal('caller-call-id');
    expect(correlation.of('s-1', 0, message('caller-call-id'))).to.equal('caller-call-id');
    expect(correlation.of('s-2', 1, message('unknown-session-b-leg')), 'a session not heard of').to.equal(
      'unknown-session-b-leg',
    );
  });

  it('forgets the least recently heard of sessions past its limit', () => {
    const correlation = new CallCorrelation(2);
    correlation.of('old', 0, message('old-a'));
    correlation.of('busy', 0, message('busy-a'));
    correlation.of('busy', 1, message('busy-b'));
    correlation.of('new', 0, message('new-a'));
    expect(correlation.size).to.equal(2);
    expect(correlation.of('busy', 1, message('busy-b'))).to.equal('busy-a');
    expect(correlation.of('old', 1, message('old-b')), 'forgotten: its own Call-ID').to.equal('old-b');
  });
});
