import { inject, injectable, optional } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { LabLeases } from '../../../../shared/application/LabLeases.js';
import { Logger } from '../../../../shared/application/Logger.js';
import { MessageTap, type SipMessageEntry } from '../../../monitoring/index.js';
import { CallCorrelation } from '../domain/CallCorrelation.js';
import { sameHepSetting, type HepSetting } from '../domain/HepSetting.js';
import { HepSenders, type HepSender, type HepSenderState } from './HepSender.js';
import { StoredHep } from './StoredHep.js';

/** How long after a failed read of a lab's setting the messages' path may ask the store again. */
export const READ_RETRY_MS = 5000;

interface LabCapture {
  readonly setting: HepSetting;
  sender: HepSender | undefined;
  readonly correlation: CallCorrelation;
}

/** A lab's HEP as the control endpoint shows it: the setting, and its sender's state while one sends. */
export interface HepState {
  readonly setting: HepSetting;
  readonly sender: HepSenderState | undefined;
}

/** Messages sent and dropped by every lab's senders since the start (the metrics). */
export interface HepTotals {
  readonly sent: number;
  readonly dropped: number;
}

/**
 * Each lab's capture to a HEP collector, as the monitor's sinks hand it the SIP messages the simulator records
 * (MessageTap): the lab's setting held in memory (read when first needed, at the start, when the lab's stored state
 * moved, and replaced by a change made here), and, while it is on, the lab's sender, opened only where the lab's
 * calls run (LabLeases: the simulator's thread, the process holding the lab). Each message goes with its call's
 * correlation id (CallCorrelation). Nothing here waits: the sender queues.
 */
@injectable()
export class HepCapture extends MessageTap {
  private readonly labs = new Map<LabId, LabCapture>();
  private readonly reading = new Map<LabId, Promise<HepSetting>>();
  /** When a lab's setting last failed to be read: `wants` asks the store again only READ_RETRY_MS later. */
  private readonly failedAt = new Map<LabId, number>();
  private retired = { sent: 0, dropped: 0 };

  constructor(
    @inject(StoredHep) private readonly stored: StoredHep,
    @inject(HepSenders) private readonly senders: HepSenders,
    @inject(Logger) private readonly logger: Logger,
    @inject(LabLeases) @optional() private readonly leases: LabLeases | undefined = undefined,
  ) {
    super();
  }

  wants(lab: LabId): boolean {
    const capture = this.labs.get(lab);
    if (!capture) {
      const failed = this.failedAt.get(lab);
      if (failed === undefined || Date.now() - failed > READ_RETRY_MS) void this.follow(lab).catch(() => undefined);
      return false;
    }
    if (capture.setting.enabled && !capture.sender && this.holds(lab)) capture.sender = this.open(capture.setting);
    return capture.sender !== undefined;
  }

  copy(lab: LabId, messages: readonly SipMessageEntry[]): void {
    const capture = this.labs.get(lab);
    if (!capture?.sender) return;
    capture.sender.enqueue(
      messages.map((entry) => ({
        entry,
        correlationId: capture.correlation.of(entry.sessionIdentifier, entry.callIndex, entry.message),
      })),
    );
  }

  /** The lab's setting as held (read from the store the first time). */
  async setting(lab: LabId): Promise<HepSetting> {
    return this.labs.get(lab)?.setting ?? this.follow(lab);
  }

  /** Reads the lab's setting from the store again and uses it (the lab's stored state moved, the start). */
  follow(lab: LabId): Promise<HepSetting> {
    let read = this.reading.get(lab);
    if (!read) {
      read = this.stored
        .read(lab)
        .then((setting) => {
          this.failedAt.delete(lab);
          this.use(lab, setting);
          return setting;
        })
        .catch((error: unknown) => {
          this.failedAt.set(lab, Date.now());
          this.logger.warn({ err: error, lab }, "the lab's HEP setting could not be read");
          throw error;
        })
        .finally(() => this.reading.delete(lab));
      this.reading.set(lab, read);
    }
    return read;
  }

  /**
   * Uses the lab's setting from now on: a changed setting closes the lab's sender (its counters go to the totals) and,
   * while on, opens a new one where the lab's calls run.
   */
  use(lab: LabId, setting: HepSetting): void {
    const current = this.labs.get(lab);
    const sends = setting.enabled && this.holds(lab);
    if (current && sameHepSetting(current.setting, setting) && (current.sender !== undefined) === sends) return;
    if (current?.sender) this.retire(current.sender);
    const sender = sends ? this.open(setting) : undefined;
    this.labs.set(lab, { setting, sender, correlation: current?.correlation ?? new CallCorrelation() });
  }

  state(lab: LabId): HepState | undefined {
    const capture = this.labs.get(lab);
    return capture && { setting: capture.setting, sender: capture.sender?.state() };
  }

  totals(): HepTotals {
    let { sent, dropped } = this.retired;
    for (const capture of this.labs.values()) {
      const state = capture.sender?.state();
      sent += state?.sent ?? 0;
      dropped += state?.dropped ?? 0;
    }
    return { sent, dropped };
  }

  /** A removed lab: its sender closes, nothing of it is held. */
  forget(lab: LabId): void {
    const capture = this.labs.get(lab);
    if (capture?.sender) this.retire(capture.sender);
    this.labs.delete(lab);
    this.failedAt.delete(lab);
  }

  /** Every sender closes (the process stops). */
  close(): void {
    for (const lab of [...this.labs.keys()]) this.forget(lab);
  }

  private open(setting: HepSetting): HepSender {
    return this.senders.open(setting);
  }

  private retire(sender: HepSender): void {
    sender.close();
    const { sent, dropped } = sender.state();
    this.retired = { sent: this.retired.sent + sent, dropped: this.retired.dropped + dropped };
  }

  private holds(lab: LabId): boolean {
    return this.leases?.holds(lab) ?? true;
  }
}
