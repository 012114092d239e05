import type { UdpDatagram } from '../src/index.js';

/** A SIP INVITE in a UDP datagram: what the tests write into captures. */
export const INVITE = [
  'INVITE sip:bob@192.0.2.20 SIP/2.0',
  'Via: SIP/2.0/UDP 192.0.2.10:5060;branch=z9hG4bK776asdhds',
  'Max-Forwards: 70',
  'To: <sip:bob@192.0.2.20>',
  'From: <sip:alice@192.0.2.10>;tag=1928301774',
  'Call-ID: a84b4c76e66710@192.0.2.10',
  'CSeq: 314159 INVITE',
  'Contact: <sip:alice@192.0.2.10>',
  'Content-Length: 0',
  '',
  '',
].join('\r\n');

export const datagram = (over: Partial<UdpDatagram> = {}): UdpDatagram => ({
  at: new Date('2026-11-23T06:00:00.123Z'),
  src: { ip: '192.0.2.10', port: 5060 },
  dst: { ip: '192.0.2.20', port: 5062 },
  payload: Buffer.from(INVITE),
  ...over,
});
