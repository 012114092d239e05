import { parseSip, type SipAddress, type SipMessage, type WireEvent } from '@gwsim/sip';
import type { Scheduler } from '../../calls/domain/Scheduler.js';
import type { TransportListener, WireRecord } from '../../calls/domain/SessionTransport.js';
import type { LegEndpoint } from '../../calls/domain/SipDialogs.js';
import type { SocketLeg } from './SocketLeg.js';
import { ownEnd } from './ownEnd.js';

function endpoint(address: SipAddress): LegEndpoint {
  return { ip: address.host, port: address.port, host: address.host };
}

/**
 * What the socket transport reports to the gateway. Socket events happen outside the engine's steps: each is put on
 * the engine's queue at the instant it happened (the lab's time), and the engine is woken. Once the transport is
 * disposed, nothing more is reported.
 */
export class SocketReports {
  /** The gateway that hears what happens (set when the transport is connected; read when a report runs). */
  listener: TransportListener | undefined;
  disposed = false;

  constructor(
    private readonly scheduler: Scheduler,
    /** The lab's time, ms since the epoch with fractions. */
    readonly now: () => number,
    /** The lab's log, at warning level. */
    readonly warn: (fields: Record<string, unknown>, message: string) => void = () => undefined,
  ) {}

  /** Something that happened on a socket, put on the engine's queue at its instant; the engine is woken. */
  post(action: () => void): void {
    if (this.disposed) return;
    this.scheduler.at(this.now(), action);
    this.scheduler.wake();
  }

  /** A message that crossed one of the lab's listeners, into the leg's history byte for byte, with the real addresses and time. */
  wire(leg: SocketLeg, event: WireEvent): void {
    const message = event.message as SipMessage;
    const raw = event.bytes.toString('utf8');
    const local = ownEnd(event.local, event.remote, leg.local);
    const record: WireRecord = {
      at: event.at,
      sent: event.sent,
      source: endpoint(event.sent ? local : event.remote),
      destination: endpoint(event.sent ? event.remote : local),
      message: () => message ?? parseSip(raw),
      raw,
    };
    this.post(() => this.listener?.wire(leg, record));
  }
}
