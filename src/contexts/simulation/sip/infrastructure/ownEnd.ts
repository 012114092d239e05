import type { SipAddress } from '@gwsim/sip';

/** A bind address that stands for every address of its family (0.0.0.0, ::). */
function wildcard(host: string): boolean {
  return host === '0.0.0.0' || /^\[?[0:]+\]?$/.test(host);
}

/**
 * The gateway's own end of a message that crossed a wildcard listener (0.0.0.0, ::): a UDP socket does not say which
 * of the machine's addresses a datagram came to, so the history names the one the peer reaches: the loopback of its
 * family for a peer on the loopback, else the address the leg names itself by (its Via and Contact). A concrete
 * address is kept as it is.
 */
export function ownEnd(local: SipAddress, remote: SipAddress, named: SipAddress): SipAddress {
  if (!wildcard(local.host)) return local;
  const peer = remote.host.replace(/^\[(.*)\]$/, '$1');
  if (peer === '::1') return { ...local, host: '::1' };
  if (/^(::ffff:)?127\./i.test(peer)) return { ...local, host: '127.0.0.1' };
  return wildcard(named.host) ? local : { ...local, host: named.host };
}
