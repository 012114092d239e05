import { randomBytes, randomUUID } from 'node:crypto';
import { buildRequest, buildResponse, type ServerTransaction, type SipRequest, type SipResponse } from '@gwsim/sip';
import type { PlanNode } from '../../../configuration/index.js';
import { incomingNumbers, outgoingNumbers } from '../../calls/domain/CallHistory.js';
import { digestRetry } from './digestRetry.js';
import type { LabSip } from './LabSip.js';
import type { OutboundCalls } from './OutboundCalls.js';
import { escapeUser, firstHeader, uriAt, uriHost, uriUser, withHeader, withVia } from './wireMessages.js';

/** Headers of a far end's answer that say why, passed back to the sender. */
const EXPLAINING = ['Warning', 'Retry-After', 'Accept', 'Allow'];

/**
 * MESSAGE outside a dialog (RFC 3428, page mode), routed as a call to the same number would be: the node's incoming
 * rewriting, the committed route, its first enabled target node and that node's outgoing rewriting. Toward a real far
 * end (or a phone registered at a registrar node) it goes as a request of the gateway's own (a new Call-ID, the
 * gateway's Via and From tag, the body and its Content-Type as they came) and the far end's final answer comes back;
 * a 401/407 is answered once with the node's credentials. A simulated far end takes it (200). No route is 404, a
 * REJECT route 403, an IGNORE route no answer at all (as for calls); a target that never answers 408.
 */
export class PageMessages {
  constructor(
    private readonly sip: LabSip,
    private readonly outbound: OutboundCalls,
  ) {}

  async received(node: PlanNode, transaction: ServerTransaction): Promise<void> {
    const request = transaction.request;
    const answer = (status: number, from?: SipResponse) => {
      let response = buildResponse(request, status, {
        toTag: randomBytes(6).toString('hex'),
        ...(from ? { reason: from.reason } : {}),
      });
      for (const name of EXPLAINING) {
        const value = from && firstHeader(from, name);
        if (value) response = withHeader(response, name, value);
      }
      transaction.respond(response);
    };
    const numbers = incomingNumbers(node, {
      source: uriUser(firstHeader(request, 'From') ?? '') ?? 'anonymous',
      destination: uriUser(request.uri) ?? '',
    });
    const plan = await this.sip.plan();
    const route = plan.route({ sourceNodeId: node.id, source: numbers.source, destination: numbers.destination });
    if (!route) return answer(404);
    if (route.match.action === 'REJECT') return answer(403);
    if (route.match.action === 'IGNORE') return;
    const target = route.match.targets.find((t) => plan.nodes.get(t.destinationNodeId)?.enabled);
    const to = target && plan.nodes.get(target.destinationNodeId);
    if (!target || !to) return answer(480);
    const out = outgoingNumbers(to, target.dialStrings);
    const where = this.outbound.whereTo(to, out.destination);
    // a simulated far end takes the message; a registrar node with no phone under the number cannot deliver it
    if (!where) return answer(to.sip.registrar !== undefined && this.outbound.reaches(to) ? 480 : 200);
    const callId = randomUUID();
    let message = buildRequest({
      method: 'MESSAGE',
      uri: where.contact ?? uriAt(out.destination, where.address),
      via: { transport: where.local.transport, host: where.local.host, port: where.local.port, branch: branch() },
      from: {
        uri: `sip:${escapeUser(out.source || 'anonymous')}@${uriHost(where.local.host)}`,
        params: { tag: tag() },
      },
      to: { uri: `sip:${escapeUser(out.destination)}@${uriHost(where.address.host)}`, params: {} },
      callId,
      cseq: 1,
      userAgent: to.sip.userAgent,
      ...(request.body === ''
        ? {}
        : { body: request.body, contentType: firstHeader(request, 'Content-Type') ?? 'text/plain' }),
    });
    message = withVia(message, where.local);
    const send = (outgoing: SipRequest, retried: boolean) =>
      where.listener.stack.request(outgoing, where.address, {
        response: (response, retransmission) => {
          if (retransmission || response.status < 200) return;
          if ((response.status === 401 || response.status === 407) && !retried) {
            const again = digestRetry(to, callId, outgoing, response, 2);
            if (again) return send(withVia(again, where.local), true);
          }
          answer(response.status, response);
        },
        timeout: () => answer(408),
      });
    send(message, false);
  }
}

function branch(): string {
  return `z9hG4bK${randomBytes(8).toString('hex')}`;
}

function tag(): string {
  return randomBytes(6).toString('hex');
}
