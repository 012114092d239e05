import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { LabLifecycle } from '../../../../shared/application/LabLifecycle.js';
import { TrafficLabs } from './TrafficLabs.js';

/** A new lab has no traffic until started; a removed lab's traffic stops and its calls in progress go. */
@injectable()
export class TrafficLabLifecycle extends LabLifecycle {
  readonly name = 'traffic';

  constructor(@inject(TrafficLabs) private readonly labs: TrafficLabs) {
    super();
  }

  async initialize(): Promise<void> {
    // nothing: traffic starts when asked
  }

  async remove(lab: LabId): Promise<void> {
    await this.labs.forgetLab(lab);
  }
}
