import { contactsOf, type ClientTransaction, type SipRequest, type SipResponse } from '@gwsim/sip';
import type { PlanRegistration } from '../../../../configuration/index.js';
import { digestRetry } from '../digestRetry.js';
import { firstHeader, withHeader } from '../wireMessages.js';
import { token, trunkRequest, type TrunkLine } from './TrunkLine.js';
import { REGISTRATION_RETRY_SECONDS, refreshAfterSeconds } from '../../domain/trunkTimers.js';
import type { RegistrationState, RegistrationView } from '../../application/SipListening.js';

/** Challenges answered in a row for one registration (a second one may be a stale nonce, RFC 7616 section 3.3). */
const MAX_CHALLENGES = 2;

/**
 * The registration of a trunk at its peer (RFC 3261 section 10.2): REGISTER of the address of record with the
 * node's Contact, one Call-ID for the binding's life and CSeq counting up (10.2.4); a 401/407 answered with the
 * trunk's credentials (twice in a row at most: the second for a stale nonce), a 423 with the registrar's
 * Min-Expires (10.2.8); the binding refreshed when half its granted time is gone; a failure tried again after
 * REGISTRATION_RETRY_SECONDS. Stopping forgets the binding without an unregister (the registrar lets it expire):
 * a REGISTER sent to a peer that went away would be repeated for 32 s to whoever listens there next.
 */
export class TrunkRegistration {
  private readonly callId: string;
  private readonly fromTag = token();
  private cseq = 0;
  private expires: number;
  private timer: NodeJS.Timeout | undefined;
  private pending: ClientTransaction | undefined;
  private state: RegistrationState = 'registering';
  private sent = 0;
  private failed = 0;
  private lastStatus: number | undefined;
  private expiresAt: number | undefined;

  constructor(
    private readonly line: TrunkLine,
    private readonly registration: PlanRegistration,
  ) {
    this.expires = registration.expiresSeconds;
    this.callId = `${token()}@${line.local.host}`;
  }

  start(): void {
    this.register();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.pending?.abandon();
    this.pending = undefined;
  }

  view(): RegistrationView {
    return {
      registrarUri: this.registration.registrarUri,
      addressOfRecord: this.registration.addressOfRecord,
      state: this.state,
      sent: this.sent,
      failed: this.failed,
      ...(this.lastStatus !== undefined ? { lastStatus: this.lastStatus } : {}),
      ...(this.state === 'registered' && this.expiresAt !== undefined
        ? { expiresAt: new Date(this.expiresAt).toISOString() }
        : {}),
    };
  }

  private register(): void {
    this.timer = undefined;
    this.cseq += 1;
    const { registrarUri, addressOfRecord, contactUser } = this.registration;
    const request = trunkRequest(
      this.line,
      {
        method: 'REGISTER',
        uri: registrarUri,
        from: addressOfRecord,
        to: addressOfRecord,
        callId: this.callId,
        cseq: this.cseq,
        fromTag: this.fromTag,
      },
      contactUser,
    );
    this.send(withHeader(request, 'Expires', String(this.expires)), 0);
  }

  private send(request: SipRequest, challenges: number): void {
    this.sent += 1;
    try {
      this.pending = this.line.stack.request(request, this.line.peer, {
        response: (response, retransmission) => {
          if (!retransmission && response.status >= 200) this.answered(request, response, challenges);
        },
        timeout: () => {
          this.pending = undefined;
          this.fail(undefined);
        },
      });
    } catch {
      this.fail(undefined); // the stack closed meanwhile
    }
  }

  private answered(request: SipRequest, response: SipResponse, challenges: number): void {
    this.pending = undefined;
    const status = response.status;
    this.lastStatus = status;
    if ((status === 401 || status === 407) && challenges < MAX_CHALLENGES) {
      this.cseq += 1;
      const again = digestRetry(this.line.node, this.callId, request, response, this.cseq);
      if (again) return this.send(again, challenges + 1);
    }
    if (status === 423) {
      // RFC 3261 section 10.2.8: the registrar's shortest interval, once
      const least = Number(firstHeader(response, 'Min-Expires') ?? NaN);
      if (Number.isInteger(least) && least > this.expires) {
        this.expires = least;
        return this.register();
      }
    }
    if (status >= 200 && status < 300) return this.registered(response);
    this.fail(status);
  }

  /** The binding granted: for the Contact's expires, else the Expires header, else what was asked (RFC 3261 10.2.4). */
  private registered(response: SipResponse): void {
    const contacts = contactsOf(response);
    const ours = contacts === '*' ? undefined : contacts.find((c) => c.params['expires'] !== undefined);
    const granted = Number(ours?.params['expires'] ?? firstHeader(response, 'Expires') ?? this.expires);
    const seconds = Number.isFinite(granted) && granted > 0 ? granted : this.expires;
    if (this.state !== 'registered')
      this.line.log('info', { expiresSeconds: seconds }, 'a trunk registered at its peer');
    this.state = 'registered';
    this.expiresAt = this.line.now() + seconds * 1000;
    this.later(refreshAfterSeconds(seconds));
  }

  private fail(status: number | undefined): void {
    if (this.state !== 'failed')
      this.line.log(
        'warn',
        { status: status ?? null, retrySeconds: REGISTRATION_RETRY_SECONDS },
        'a trunk could not register at its peer; it tries again',
      );
    this.state = 'failed';
    this.failed += 1;
    this.lastStatus = status;
    this.expiresAt = undefined;
    this.later(REGISTRATION_RETRY_SECONDS);
  }

  private later(seconds: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.register(), seconds * 1000);
    this.timer.unref();
  }
}
