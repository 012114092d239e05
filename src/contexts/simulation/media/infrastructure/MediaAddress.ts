/**
 * Where RTP goes: a host (an IP literal, never a name, so sending needs no lookup) and a UDP port. RTCP uses the
 * next port up. The relay's own side (`RtpRelay.local`) is the address its SDP names, which RFC 4566 section 5.7's
 * c= line carries: the address SIP advertises (GWSIM_SIP_ADVERTISE, an address or a name peers resolve), not a
 * wildcard the relay's sockets may be bound to; nothing is sent to it.
 */
export interface MediaAddress {
  readonly host: string;
  readonly port: number;
}

/** Two media addresses are the same endpoint. */
export function sameAddress(a: MediaAddress | undefined, b: MediaAddress | undefined): boolean {
  return a !== undefined && b !== undefined && a.host === b.host && a.port === b.port;
}
