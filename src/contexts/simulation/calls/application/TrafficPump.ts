import { inject, injectable, optional } from 'inversify';
import { BackgroundService } from '../../../../shared/application/BackgroundService.js';
import { LabDirectory } from '../../../../shared/application/LabDirectory.js';
import { LabLeases } from '../../../../shared/application/LabLeases.js';
import { Logger } from '../../../../shared/application/Logger.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { TrafficLabs } from './TrafficLabs.js';

/** How often the pump advances the labs' engines to the clock. */
export const PUMP_INTERVAL_MS = 50;

/**
 * Advances every lab's traffic to the clock every ~50 ms, beside the API; stopping it waits for the advance under
 * way. At its start it resumes the traffic each lab this process holds was running (kept in the store), and it
 * follows the labs this process takes over or loses (LabLeases).
 */
@injectable()
export class TrafficPump extends BackgroundService {
  readonly name = 'simulation traffic pump';
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(
    @inject(TrafficLabs) private readonly labs: TrafficLabs,
    @inject(LabDirectory) @optional() private readonly directory: LabDirectory | undefined = undefined,
    @inject(LabLeases) @optional() private readonly leases: LabLeases | undefined = undefined,
    @inject(Logger) @optional() private readonly logger: Logger | undefined = undefined,
  ) {
    super();
  }

  async start(): Promise<void> {
    if (this.timer) return;
    const follow = (lab: LabId) =>
      this.labs
        .follow(lab)
        .catch((error: unknown) =>
          this.logger?.error({ err: error, lab }, 'the traffic of a lab could not be resumed'),
        );
    this.unsubscribe = this.leases?.onChange((lab) => follow(lab));
    for (const entry of this.directory?.list() ?? []) {
      if (this.leases?.holds(entry.id) ?? true) await follow(entry.id);
    }
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.labs.advanceAll().finally(() => {
        this.running = undefined;
      });
    }, PUMP_INTERVAL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    await this.running;
    this.labs.close();
  }
}
