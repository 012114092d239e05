import { serializeToString } from '@gwsim/sip';
import type { SipMessageEntry } from '../../../monitoring/index.js';
import type { TransportLeg, WireRecord } from './SessionTransport.js';

/** The message entry of one message a named leg sent or received, as the monitor keeps it. */
export function messageEntryOf(leg: TransportLeg, record: WireRecord, systemIdentifier: string): SipMessageEntry {
  return {
    sessionIdentifier: leg.sessionIdentifier,
    systemIdentifier,
    callIndex: leg.index,
    timestampMicros: Math.round(record.at * 1000),
    direction: record.sent ? 'sent' : 'received',
    protocol: leg.transport,
    sourceIpAddress: record.source.ip,
    sourcePort: record.source.port,
    destinationIpAddress: record.destination.ip,
    destinationPort: record.destination.port,
    message: record.raw ?? serializeToString(record.message()),
  };
}
