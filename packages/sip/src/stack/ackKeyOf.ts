import { parseCSeq } from '../message.js';

/**
 * RFC 3261 13.3.1.4: a 2xx to an INVITE is repeated until its ACK comes, a transaction of its own (17.1.1.3). That
 * ACK is told by its Call-ID, the CSeq number of the INVITE (13.2.2.4) and the To tag of the 2xx.
 */
export function ackKeyOf(callId: string | undefined, cseq: string | undefined, toTag: string | undefined): string {
  let seq = '';
  try {
    seq = String(parseCSeq(cseq ?? '').seq);
  } catch {
    /* an unparsable CSeq matches nothing */
  }
  return `${callId ?? ''}\u0000${seq}\u0000${toTag ?? ''}`;
}
