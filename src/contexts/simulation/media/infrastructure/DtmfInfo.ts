/**
 * DTMF in SIP INFO bodies (an INFO inside the dialog, RFC 6086), in the two bodies phones and gateways send:
 *
 * - `application/dtmf-relay`: lines `Signal=5` and `Duration=160` (the de facto format of Cisco and others; no
 *   RFC defines it);
 * - `application/dtmf`: the digit alone, e.g. `5`.
 *
 * The signal is a DTMF digit 0–9, *, #, A–D (case-insensitive); some senders give * and # as their RFC 4733 event
 * codes 10 and 11 (and A–D as 12–15), which read the same. Anything else is not a digit.
 */
import { dtmfDigit } from './TelephoneEvents.js';

const SIGNAL = /^\s*signal\s*=\s*(\S+)\s*$/im;

function digitOf(signal: string): string | undefined {
  const text = signal.trim().toUpperCase();
  if (/^[0-9*#A-D]$/.test(text)) return text;
  if (/^1[0-5]$/.test(text)) return dtmfDigit(Number(text));
  return undefined;
}

/** The DTMF digit an INFO body carries, from its Content-Type (parameters ignored) and body; undefined if none. */
export function dtmfOfInfo(contentType: string | undefined, body: string): string | undefined {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/dtmf-relay') {
    const signal = SIGNAL.exec(body)?.[1];
    return signal === undefined ? undefined : digitOf(signal);
  }
  if (type === 'application/dtmf') return digitOf(body);
  return undefined;
}
