import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { LabLifecycle } from '../../../../shared/application/LabLifecycle.js';
import { LabClocks } from './LabClocks.js';

/** A new lab's clock runs in real time; a removed lab's clock is forgotten (its stored row goes with the lab). */
@injectable()
export class ClockLabLifecycle extends LabLifecycle {
  readonly name = 'lab clock';

  constructor(@inject(LabClocks) private readonly clocks: LabClocks) {
    super();
  }

  async initialize(lab: LabId): Promise<void> {
    await this.clocks.load(lab);
  }

  async remove(lab: LabId): Promise<void> {
    this.clocks.forget(lab);
  }

  /**
   * The clock setting restored, or changed through another process: the lab runs on it from now on (a frozen
   * instant, an offset or a rate); the simulator hears the jump.
   */
  override async reload(lab: LabId): Promise<void> {
    await this.clocks.reload(lab);
  }
}
