import type { SipAddress } from '@gwsim/sip';
import type { Logger } from '../../../../shared/application/Logger.js';
import type { PlanNode } from '../../../configuration/index.js';
import type { SipListenerView } from '../application/SipListening.js';
import type { LabRuntime } from './SipLabs.js';

/** One failure of one listener: its node, transport, address and reason. */
function failureKey(view: SipListenerView): string {
  return `${view.nodeId} ${view.transport} ${view.host}:${view.port} ${view.error ?? ''}`;
}

/**
 * The listeners of a lab that could not bind at one change of its listeners (the system refused the port, or
 * another node of the lab has it): each shown as failed in the lab's SIP state, and logged at error with its lab,
 * node, port and the reason whenever it happens (at start, on a commit, on a switch); the same failure found again
 * at the next change is logged at debug. Made at the start of the change: the lab's failed listeners start over.
 */
export class ListenerFailures {
  private readonly before: ReadonlySet<string>;

  constructor(
    private readonly logger: Logger,
    private readonly runtime: LabRuntime,
  ) {
    this.before = new Set(runtime.failed.map(failureKey));
    runtime.failed = [];
  }

  record(node: PlanNode, addresses: readonly SipAddress[], reason: string, error: unknown): void {
    const views: SipListenerView[] = addresses.map((address) => ({
      nodeId: node.id,
      nodeName: node.displayName,
      transport: address.transport,
      host: address.host,
      port: address.port,
      state: 'failed',
      error: reason,
    }));
    this.runtime.failed.push(...views);
    const ports = addresses.map((a) => `${a.transport} ${a.host}:${a.port}`);
    const lab = this.runtime.lab;
    const fields = {
      lab,
      node: node.displayName,
      port: addresses[0]?.port,
      ports,
      reason,
      // the system's code (EADDRINUSE, EACCES) says it all: a bind's stack says nothing more
      ...(typeof (error as { code?: unknown } | undefined)?.code === 'string'
        ? { code: (error as { code: string }).code }
        : {}),
    };
    const said = `lab ${lab}: the SIP listener of node ${node.displayName} on ${ports.join(', ')} could not bind: ${reason}`;
    if (views.every((view) => this.before.has(failureKey(view)))) this.logger.debug(fields, said);
    else this.logger.error(fields, said);
  }
}
