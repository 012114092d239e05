import { inject, injectable } from 'inversify';
import { LabLifecycle } from '../../../../shared/application/LabLifecycle.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { HepCapture } from './HepCapture.js';

/** A removed lab's sender closes; a lab whose stored state moved (a snapshot restored, a change elsewhere) follows its HEP setting. */
@injectable()
export class HepLabLifecycle extends LabLifecycle {
  readonly name = 'HEP capture';

  constructor(@inject(HepCapture) private readonly capture: HepCapture) {
    super();
  }

  async initialize(): Promise<void> {
    // a new lab sends nothing until its HEP is turned on
  }

  async remove(lab: LabId): Promise<void> {
    this.capture.forget(lab);
  }

  override async reload(lab: LabId): Promise<void> {
    await this.capture.follow(lab).catch(() => undefined);
  }
}
