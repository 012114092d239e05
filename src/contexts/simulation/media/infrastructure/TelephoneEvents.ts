/**
 * DTMF digits in RTP: RFC 4733 telephone-events. An event packet's payload is event (8 bits), E (end), R, volume
 * (6 bits) and duration (16 bits) (RFC 4733 section 2.3). A digit is recorded once, when the first packet with
 * the E bit of its event arrives: the end packet is sent three times (section 2.5.1.4), each with the event's
 * timestamp (section 2.5.1.2), so packets with the timestamp and SSRC of an event already recorded are the
 * retransmissions and count for nothing. An event whose end packets were all lost is not recorded.
 */
import { payloadStart } from './RtpStreamStats.js';

/** RFC 4733 section 3.2 (table 7): events 0–15 are the DTMF digits 0–9, *, #, A–D; the others are not digits. */
const DTMF_DIGITS = '0123456789*#ABCD';

/** The payload type telephone-event is taken to use when the SDP names none (the common dynamic choice). */
export const DEFAULT_TELEPHONE_EVENT_TYPE = 101;

/** At most this many digits are kept per side (a call dialling more is a machine; the first ones tell the story). */
export const MAX_DIGITS = 256;

/** A digit seen in one direction: when (the relay's event clock) and which. */
export interface DetectedDigit {
  readonly at: number;
  readonly digit: string;
}

/** The DTMF event name of an event code (undefined: not a DTMF digit). */
export function dtmfDigit(event: number): string | undefined {
  return event >= 0 && event < DTMF_DIGITS.length ? DTMF_DIGITS[event] : undefined;
}

/** Finds the digits in one direction's telephone-event packets. */
export class TelephoneEventDetector {
  readonly digits: DetectedDigit[] = [];
  private lastSsrc = -1;
  private lastTimestamp = -1;

  /** A packet of a telephone-event payload type (already checked to be RTP) that arrived `at`. */
  receive(packet: Buffer, at: number): void {
    const start = payloadStart(packet);
    const padding = packet[0]! & 0x20 ? packet[packet.length - 1]! : 0;
    if (packet.length - padding < start + 4) return;
    if ((packet[start + 1]! & 0x80) === 0) return; // not the end of the event yet
    const timestamp = packet.readUInt32BE(4);
    const ssrc = packet.readUInt32BE(8);
    if (timestamp === this.lastTimestamp && ssrc === this.lastSsrc) return; // a retransmitted end packet
    this.lastTimestamp = timestamp;
    this.lastSsrc = ssrc;
    const digit = dtmfDigit(packet[start]!);
    if (digit !== undefined && this.digits.length < MAX_DIGITS) this.digits.push({ at, digit });
  }
}
