import { randomBytes } from 'node:crypto';
import { buildRequest, type SipAddress, type SipRequest, type SipStack } from '@gwsim/sip';
import type { PlanNode } from '../../../../configuration/index.js';
import { uriHost } from '../wireMessages.js';

/**
 * Where a trunk's own requests go: the node, the stack of its listener, the address they leave from (the one the
 * listener advertises, which their Via and Contact name), the peer's.
 */
export interface TrunkLine {
  readonly node: PlanNode;
  readonly stack: SipStack;
  readonly local: SipAddress;
  readonly peer: SipAddress;
  /** The lab's time in ms since the epoch (the views' instants). */
  readonly now: () => number;
  /**
   * What a gateway fault on the node does to the peer as the gateway sees it: `refuses` (trunkDown: it answers 503),
   * `silent` (nodeDown: it answers nothing), undefined (no fault holds).
   */
  readonly faulted: () => 'refuses' | 'silent' | undefined;
  /** Logs a change of the trunk's state (warn: it got worse), with the lab and node. */
  readonly log: (level: 'info' | 'warn', fields: Record<string, unknown>, message: string) => void;
}

/** A fresh token for a tag, a Call-ID or a branch. */
export function token(bytes = 8): string {
  return randomBytes(bytes).toString('hex');
}

/** A `host:port` URI part, IPv6 bracketed. */
export function hostPort(address: SipAddress): string {
  return `${uriHost(address.host)}:${address.port}`;
}

/** `;transport=tcp` for a stream transport (RFC 3261 section 19.1.1), nothing for UDP. */
export function transportParam(address: SipAddress): string {
  return address.transport === 'UDP' ? '' : `;transport=${address.transport.toLowerCase()}`;
}

/**
 * A request of the gateway's own on the trunk, outside any dialog: its Via and Contact on the line's local
 * address, its User-Agent the node's.
 */
export function trunkRequest(
  line: TrunkLine,
  spec: { method: string; uri: string; from: string; to: string; callId: string; cseq: number; fromTag: string },
  contactUser: string,
): SipRequest {
  return buildRequest({
    method: spec.method,
    uri: spec.uri,
    via: {
      transport: line.local.transport,
      host: uriHost(line.local.host),
      port: line.local.port,
      branch: `z9hG4bK${token()}`,
      rport: true,
    },
    from: { uri: spec.from, params: { tag: spec.fromTag } },
    to: { uri: spec.to, params: {} },
    callId: spec.callId,
    cseq: spec.cseq,
    contact: {
      uri: `sip:${contactUser ? `${contactUser}@` : ''}${hostPort(line.local)}${transportParam(line.local)}`,
      params: {},
    },
    userAgent: line.node.sip.userAgent,
  });
}
