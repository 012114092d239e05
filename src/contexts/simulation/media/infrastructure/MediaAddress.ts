/**
 * Where RTP goes: a host (an IP literal, never a name, so sending needs no lookup) and a UDP port. RTCP uses the
 * next port up.
 */
export interface MediaAddress {
  readonly host: string;
  readonly port: number;
}

/** Two media addresses are the same endpoint. */
export function sameAddress(a: MediaAddress | undefined, b: MediaAddress | undefined): boolean {
  return a !== undefined && b !== undefined && a.host === b.host && a.port === b.port;
}
