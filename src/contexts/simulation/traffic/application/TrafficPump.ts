import { inject, injectable } from 'inversify';
import { BackgroundService } from '../../../../shared/application/BackgroundService.js';
import { TrafficLabs } from './TrafficLabs.js';

/** How often the pump advances the labs' engines to the clock. */
export const PUMP_INTERVAL_MS = 50;

/** Advances every lab's traffic to the clock every ~50 ms, beside the API; stopping it waits for the advance under way. */
@injectable()
export class TrafficPump extends BackgroundService {
  readonly name = 'simulation traffic pump';
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(@inject(TrafficLabs) private readonly labs: TrafficLabs) {
    super();
  }

  async start(): Promise<void> {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.labs.advanceAll().finally(() => { this.running = undefined; });
    }, PUMP_INTERVAL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
    this.labs.close();
  }
}
