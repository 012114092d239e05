import type { HepPacket } from '../src/index.js';

export const OPTIONS = 'OPTIONS sip:a SIP/2.0\r\n\r\n';

/** A SIP message as a far end sends it. */
export const INVITE = [
  'INVITE sip:+4930123456@192.0.2.1:5062 SIP/2.0',
  'Via: SIP/2.0/UDP 192.0.2.10:5060;branch=z9hG4bK-1',
  'Max-Forwards: 70',
  'From: <sip:4930999@192.0.2.10>;tag=a1',
  'To: <sip:+4930123456@192.0.2.1>',
  'Call-ID: call-1@192.0.2.10',
  'CSeq: 1 INVITE',
  'Contact: <sip:4930999@192.0.2.10:5060>',
  'Content-Length: 0',
  '',
  '',
].join('\r\n');

/** A packet of every field, changed by `change`. */
export function packet(change: Partial<HepPacket> = {}): HepPacket {
  return {
    transport: 'udp',
    source: { ip: '192.0.2.10', port: 5060 },
    destination: { ip: '192.0.2.1', port: 5062 },
    timestampMicros: 1_700_000_000_123_456,
    captureId: 2001,
    authKey: 'myHep',
    correlationId: 'abc@x',
    payload: OPTIONS,
    ...change,
  };
}
