import type { Via } from '../message.js';
import type { SipAddress } from './types.js';

/**
 * One Via value as RFC 3261 18.2.1 and RFC 3581 have the receiving end rewrite it: `received` when the source
 * address differs from sent-by or when rport is asked for, and `rport` with the source port. Unchanged otherwise.
 */
export function receivedVia(value: string, via: Via, remote: SipAddress): string {
  const rport = 'rport' in via.params;
  if (via.host === remote.host && !rport) return value;
  const parts = value.split(';').filter((p, i) => i === 0 || p.trim().toLowerCase().split('=')[0] !== 'received');
  const out = parts.map((p, i) =>
    i > 0 && p.trim().toLowerCase().split('=')[0] === 'rport' ? `rport=${remote.port}` : p,
  );
  out.push(`received=${remote.host}`);
  return out.join(';');
}
