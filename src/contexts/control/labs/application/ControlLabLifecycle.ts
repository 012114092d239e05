import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { LabLifecycle } from '../../../../shared/application/LabLifecycle.js';
import { FaultRules } from '../../faults/application/FaultRules.js';
import { RequestJournal } from '../../journal/application/RequestJournal.js';
import { ScenarioRuns } from '../../scenarios/application/ScenarioRuns.js';

/** A removed lab's fault rules, journal and scenario run go with it (a new lab starts with none); its rules follow the store. */
@injectable()
export class ControlLabLifecycle extends LabLifecycle {
  readonly name = 'fault rules and journal';

  constructor(
    @inject(FaultRules) private readonly faults: FaultRules,
    @inject(RequestJournal) private readonly journal: RequestJournal,
    @inject(ScenarioRuns) private readonly scenarios: ScenarioRuns,
  ) {
    super();
  }

  async initialize(): Promise<void> {
    // nothing: a lab starts without rules, with an empty journal
  }

  async remove(lab: LabId): Promise<void> {
    await this.faults.forgetLab(lab);
    this.journal.forgetLab(lab);
    await this.scenarios.forgetLab(lab);
  }

  /** The rules kept in the store moved (a snapshot restored, another process added or removed one): held ones follow. */
  override async reload(lab: LabId): Promise<void> {
    await this.faults.reload(lab);
  }
}
