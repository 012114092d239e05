import { endpoint, type FlowNote } from '@gwsim/sip';
import type { DtmfEntry } from '../../domain/MonitorRecords.js';
import type { StoredMessage } from '../../domain/StoredMessage.js';

const METHOD_NAMES: Readonly<Record<DtmfEntry['method'], string>> = { rfc4733: 'RFC 4733', info: 'SIP INFO' };

/**
 * The DTMF digits of a call as rows of its ladder, each at its time beside the lane of the party that sent it: the
 * caller (where the first message received on the inbound leg came from) or the called party (where the last
 * attempt's messages came from). A party the messages do not show stands at the first lane.
 */
export function dtmfNotes(messages: readonly StoredMessage[], digits: readonly DtmfEntry[]): FlowNote[] {
  if (digits.length === 0) return [];
  const received = messages.filter((m) => m.direction === 'received');
  const inbound = received.find((m) => m.callIndex === 0);
  const lastIndex = Math.max(0, ...received.map((m) => m.callIndex));
  const outbound = lastIndex > 0 ? received.find((m) => m.callIndex === lastIndex) : undefined;
  const lane = (m: StoredMessage | undefined) => (m ? endpoint(m.sourceIpAddress, m.sourcePort) : undefined);
  const lanes = { inbound: lane(inbound), outbound: lane(outbound) };
  return digits.map((d) => {
    const at = lanes[d.source];
    return {
      timestampMicros: d.at.getTime() * 1000,
      ...(at === undefined ? {} : { at }),
      text: `DTMF ${d.digit} (${METHOD_NAMES[d.method]})`,
    };
  });
}
