import type { ClientTransaction, SipResponse } from '@gwsim/sip';
import { hostPort, token, transportParam, trunkRequest, type TrunkLine } from './TrunkLine.js';
import type { KeepAliveState, KeepAliveView } from '../../application/SipListening.js';

/**
 * The OPTIONS keep-alive of a trunk (RFC 3261 section 11): one OPTIONS to the peer at once and then every interval,
 * never two at a time. Any final answer shows the peer there, except 408 and 503 (a proxy that could not reach it, a
 * peer out of service: RFC 3261 sections 21.4.9 and 21.5.4); no answer within the transaction's Timer F (or a
 * transport error) does not. The trunk is `down` from the first failure to the next answer.
 */
export class TrunkKeepAlive {
  private timer: NodeJS.Timeout | undefined;
  private pending: ClientTransaction | undefined;
  private readonly fromTag = token();
  private cseq = 0;
  private state: KeepAliveState = 'unknown';
  private sent = 0;
  private answered = 0;
  private failed = 0;
  private lastStatus: number | undefined;
  private lastAt: number | undefined;

  constructor(
    private readonly line: TrunkLine,
    private readonly intervalSeconds: number,
  ) {}

  start(): void {
    this.send();
    this.timer = setInterval(() => this.send(), this.intervalSeconds * 1000);
    this.timer.unref();
  }

  /** No more OPTIONS; one on the wire is given up (nothing of it reaches the peer again). */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.pending?.abandon();
    this.pending = undefined;
  }

  get down(): boolean {
    return this.state === 'down';
  }

  view(): KeepAliveView {
    return {
      intervalSeconds: this.intervalSeconds,
      state: this.state,
      sent: this.sent,
      answered: this.answered,
      failed: this.failed,
      ...(this.lastStatus !== undefined ? { lastStatus: this.lastStatus } : {}),
      ...(this.lastAt !== undefined ? { lastAt: new Date(this.lastAt).toISOString() } : {}),
    };
  }

  private send(): void {
    if (this.pending) return;
    const { line } = this;
    // a gateway fault on the node stands for the peer: trunkDown refuses (503), nodeDown leaves it unanswered
    const fault = line.faulted();
    if (fault) {
      this.sent += 1;
      this.ended(fault === 'refuses' ? { status: 503 } : undefined);
      return;
    }
    const target = `sip:${hostPort(line.peer)}${transportParam(line.peer)}`;
    this.cseq += 1;
    let request = trunkRequest(
      line,
      {
        method: 'OPTIONS',
        uri: target,
        from: `sip:${hostPort(line.local)}`,
        to: target,
        callId: `${token()}@${line.local.host}`,
        cseq: this.cseq,
        fromTag: this.fromTag,
      },
      '',
    );
    request = { ...request, headers: [...request.headers, { name: 'Accept', value: 'application/sdp' }] };
    this.sent += 1;
    try {
      this.pending = line.stack.request(request, line.peer, {
        response: (response, retransmission) => {
          if (!retransmission && response.status >= 200) this.ended(response);
        },
        timeout: () => this.ended(undefined),
      });
    } catch {
      this.ended(undefined); // the stack closed meanwhile
    }
  }

  private ended(response: Pick<SipResponse, 'status'> | undefined): void {
    this.pending = undefined;
    this.lastAt = this.line.now();
    this.lastStatus = response?.status;
    const alive = response !== undefined && response.status !== 408 && response.status !== 503;
    if (alive) this.answered += 1;
    else this.failed += 1;
    const was = this.state;
    this.state = alive ? 'up' : 'down';
    if (was !== this.state && (was !== 'unknown' || !alive))
      this.line.log(
        alive ? 'info' : 'warn',
        { status: response?.status ?? null },
        alive
          ? 'a trunk answers its OPTIONS keep-alive again: it takes calls'
          : 'a trunk did not answer its OPTIONS keep-alive: it is down, its calls fail over',
      );
  }
}
