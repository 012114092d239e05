/** How many calls' inbound Call-IDs a lab remembers (the least recently heard of go first). */
export const REMEMBERED_CALLS = 50_000;

/** The Call-ID header's value (or its compact form `i`), read from the header section only; undefined when none. */
export function callIdOf(message: string): string | undefined {
  const end = message.indexOf('\r\n\r\n');
  const head = end < 0 ? message : message.slice(0, end);
  return /(?:^|\r?\n)(?:call-id|i)[ \t]*:[ \t]*([^\r\n]*)/i.exec(head)?.[1]?.trim() || undefined;
}

/**
 * The correlation id of a call's messages in HEP (chunk 0x0011): the Call-ID of its inbound leg (the caller's, leg
 * 0), on the messages of every leg. heplify-server (decoder/sip.go, parseSIP) stores the correlation chunk as the
 * message's correlation_id (database/header.go, protocol_header) and only without one falls back to the X-CID header
 * and then to the Call-ID; the Call-ID itself is the message's sid. So each outbound leg's messages get the
 * correlation_id an X-CID header naming the caller's Call-ID would give them (the gateway sends no such header), and
 * the inbound leg's messages keep their own Call-ID, as without the chunk: the legs share one correlation id.
 *
 * The inbound leg's first message (its INVITE) is recorded before any message of the call's other legs, so the
 * Call-ID is remembered per session when leg 0 is heard of; the least recently heard of sessions are forgotten past
 * REMEMBERED_CALLS. A message of another leg whose session is not remembered (HEP turned on mid-call, a call
 * forgotten) carries its own Call-ID, as without the chunk.
 */
export class CallCorrelation {
  private readonly inbound = new Map<string, string>();

  constructor(private readonly limit = REMEMBERED_CALLS) {}

  /** The correlation id of one message of a session's leg (`callIndex` 0: the inbound leg). */
  of(sessionIdentifier: string, callIndex: number, message: string): string | undefined {
    const known = this.inbound.get(sessionIdentifier);
    if (known !== undefined) {
      // heard of again: the session moves to the end, last to be forgotten
      this.inbound.delete(sessionIdentifier);
      this.inbound.set(sessionIdentifier, known);
      return known;
    }
    const own = callIdOf(message);
    if (callIndex !== 0 || own === undefined) return own;
    this.inbound.set(sessionIdentifier, own);
    if (this.inbound.size > this.limit) this.inbound.delete(this.inbound.keys().next().value!);
    return own;
  }

  get size(): number {
    return this.inbound.size;
  }
}
