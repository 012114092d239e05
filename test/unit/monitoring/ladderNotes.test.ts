import { expect } from 'chai';
import type { StoredMessage } from '../../../src/contexts/monitoring/history/domain/StoredMessage.js';
import { dtmfNotes } from '../../../src/contexts/monitoring/history/interface/http/ladderNotes.js';

const AT = Date.UTC(2025, 5, 1, 12, 0, 0);

function message(callIndex: number, direction: 'received' | 'sent', source: string, port: number): StoredMessage {
  return {
    sessionIdentifier: 's',
    systemIdentifier: 'MAIN',
    callIndex,
    timestampMicros: AT * 1000,
    direction,
    protocol: 'UDP',
    sourceIpAddress: source,
    sourcePort: port,
    destinationIpAddress: '127.0.0.1',
    destinationPort: 5060,
    message: 'INVITE sip:x SIP/2.0\r\n\r\n',
    messageLength: 24,
    truncated: false,
  };
}

describe('the DTMF digits of a call as rows of its ladder', () => {
  it("stands each digit at the lane of the party that sent it: the caller's, or the last attempt's far end", () => {
    const messages = [
      message(0, 'sent', '127.0.0.1', 5060),
      message(0, 'received', '127.0.0.1', 6001),
      message(1, 'received', '127.0.0.1', 7001),
      message(2, 'received', '::1', 7002),
    ];
    expect(
      dtmfNotes(messages, [
        { at: new Date(AT + 1500), digit: '5', source: 'inbound', method: 'rfc4733' },
        { at: new Date(AT + 2500), digit: '#', source: 'outbound', method: 'info' },
      ]),
    ).to.deep.equal([
      { timestampMicros: (AT + 1500) * 1000, at: '127.0.0.1:6001', text: 'DTMF 5 (RFC 4733)' },
      { timestampMicros: (AT + 2500) * 1000, at: '[::1]:7002', text: 'DTMF # (SIP INFO)' },
    ]);
  });

  it('leaves the lane open when no message shows the party', () => {
    expect(dtmfNotes([], [{ at: new Date(AT), digit: '1', source: 'outbound', method: 'rfc4733' }])).to.deep.equal([
      { timestampMicros: AT * 1000, text: 'DTMF 1 (RFC 4733)' },
    ]);
  });
});
