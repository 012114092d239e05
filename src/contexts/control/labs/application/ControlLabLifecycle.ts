import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { LabLifecycle } from '../../../../shared/application/LabLifecycle.js';
import { FaultRules } from '../../faults/application/FaultRules.js';
import { RequestJournal } from '../../journal/application/RequestJournal.js';

/** A removed lab's fault rules and journal go with it (a new lab starts with none). */
@injectable()
export class ControlLabLifecycle extends LabLifecycle {
  readonly name = 'fault rules and journal';

  constructor(@inject(FaultRules) private readonly faults: FaultRules, @inject(RequestJournal) private readonly journal: RequestJournal) {
    super();
  }

  async initialize(): Promise<void> {
    // nothing: a lab starts without rules, with an empty journal
  }

  async remove(lab: LabId): Promise<void> {
    this.faults.forgetLab(lab);
    this.journal.forgetLab(lab);
  }
}
