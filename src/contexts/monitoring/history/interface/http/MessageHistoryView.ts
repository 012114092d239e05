import { IsBoolean, IsIn, IsInt, IsString, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { stepLabel } from '@gwsim/sip';
import type { WireDates } from '../../../../../shared/interface/http/WireDates.js';
import { MESSAGE_DIRECTIONS } from '../../domain/MonitorRecords.js';
import type { StoredMessage } from '../../domain/StoredMessage.js';

/** One SIP message as messageHistory answers it with resultFormat=details: exactly the specification's fields. */
export class SipMessageEntryView {
  @IsString() @JSONSchema({ description: 'the message as on the wire (cut when truncated)' }) message!: string;
  @IsInt() @Min(0) @JSONSchema({ description: 'its length on the wire, in characters' }) messageLength!: number;
  @IsString()
  @JSONSchema({ description: 'the request method (INVITE) or the status and reason (180 Ringing)' })
  messageType!: string;
  @IsIn(['UDP', 'TCP', 'TLS', 'WS', 'WSS']) protocol!: string;
  @IsIn(MESSAGE_DIRECTIONS) @JSONSchema({ description: "from the gateway's point of view" }) direction!: string;
  @IsBoolean()
  @JSONSchema({ description: "whether the message was cut to the SIP flow configuration's maximumMessageLength" })
  truncated!: boolean;
  @IsString() sessionIdentifier!: string;
  @IsString() systemIdentifier!: string;
  @IsInt() @Min(0) @JSONSchema({ description: 'the leg: 0 inbound, 1.. the outbound attempts' }) callIndex!: number;
  @IsString() sourceIpAddress!: string;
  @IsString() destinationIpAddress!: string;
  @IsInt() sourcePort!: number;
  @IsInt() destinationPort!: number;
  @IsString() @JSONSchema({ description: "when it crossed, in the request's dateFormat" }) time!: string;
  @IsInt()
  @JSONSchema({ description: 'offset of `time` from UTC in seconds (0: times are UTC)' })
  timezoneSeconds!: number;
  @IsInt() @JSONSchema({ description: 'when it crossed, milliseconds since the epoch' }) timestamp!: number;
}

export function sipMessageEntryView(m: StoredMessage, dates: WireDates): SipMessageEntryView {
  const at = new Date(Math.floor(m.timestampMicros / 1000));
  return {
    message: m.message,
    messageLength: m.messageLength,
    messageType: stepLabel(m.message).replace(/ \(SDP\)$/, ''),
    protocol: m.protocol,
    direction: m.direction,
    truncated: m.truncated,
    sessionIdentifier: m.sessionIdentifier,
    systemIdentifier: m.systemIdentifier,
    callIndex: m.callIndex,
    sourceIpAddress: m.sourceIpAddress,
    destinationIpAddress: m.destinationIpAddress,
    sourcePort: m.sourcePort,
    destinationPort: m.destinationPort,
    time: dates.render(at),
    timezoneSeconds: 0,
    timestamp: at.getTime(),
  };
}
