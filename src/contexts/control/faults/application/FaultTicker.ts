import { inject, injectable } from 'inversify';
import { BackgroundService } from '../../../../shared/application/BackgroundService.js';
import { FaultRules } from './FaultRules.js';

export const FAULT_TICK_MS = 1000;

/** Once a second: expired rules removed, gateway faults switched as their windows begin and end, also when no request comes. */
@injectable()
export class FaultTicker extends BackgroundService {
  readonly name = 'fault rule ticker';
  private timer: NodeJS.Timeout | undefined;

  constructor(@inject(FaultRules) private readonly rules: FaultRules) {
    super();
  }

  async start(): Promise<void> {
    if (this.timer) return;
    this.timer = setInterval(() => this.rules.refresh(), FAULT_TICK_MS);
    this.timer.unref();
  }

  /** Stops ticking, and waits for the rules' work under way (switches, a used-up rule leaving the store). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.rules.settled();
  }
}
