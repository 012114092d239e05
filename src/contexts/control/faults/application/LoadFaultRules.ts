import { inject, injectable } from 'inversify';
import { LabDirectory } from '../../../../shared/application/LabDirectory.js';
import { StartupTask } from '../../../../shared/application/StartupTask.js';
import { FaultRules } from './FaultRules.js';

/** Reads every lab's fault rules from the store before the gateway serves (a restart keeps them). */
@injectable()
export class LoadFaultRules extends StartupTask {
  readonly name = 'fault rules';

  constructor(
    @inject(FaultRules) private readonly rules: FaultRules,
    @inject(LabDirectory) private readonly directory: LabDirectory,
  ) {
    super();
  }

  async run(): Promise<void> {
    for (const { id } of this.directory.list()) await this.rules.reload(id);
  }
}
