import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabEntry } from '../../../../shared/application/LabDirectory.js';
import { Logger } from '../../../../shared/application/Logger.js';
import { ManageLabs } from '../../labs/application/ManageLabs.js';
import { message } from './ScenarioSeeder.js';
import { ScenarioRunner, type ReadyScenario } from './ScenarioRunner.js';

/** A new lab for a scenario: its name (by default the scenario's own, `scenario-<name>`), port, and whether it stays. */
export interface ScenarioLabRequest {
  readonly name: string;
  readonly displayName: string | undefined;
  readonly port: number | undefined;
  /** False: the lab is removed as soon as its run ends (not when gwsim stops meanwhile, nor once removed or reset). */
  readonly keep: boolean;
}

/**
 * Labs made for a scenario: the lab is made, seeded from the scenario (a seed that fails removes it again, as an
 * initialisation that fails does) and its steps run; a lab not kept is removed once its run ended, so a run nobody
 * waits for leaves nothing behind.
 */
@injectable()
export class ScenarioLabs {
  constructor(
    @inject(ManageLabs) private readonly labs: ManageLabs,
    @inject(ScenarioRunner) private readonly runner: ScenarioRunner,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  async make(request: ScenarioLabRequest, scenario: ReadyScenario): Promise<LabEntry> {
    const lab = await this.labs.create(request.name, request.displayName, request.port);
    let run;
    try {
      run = await this.runner.start(lab.id, scenario, { reset: false, seeded: true });
    } catch (error) {
      await this.labs.remove(lab.id).catch(() => undefined);
      throw error instanceof DomainError
        ? error
        : DomainError.invalid('INVALID_SCENARIO', `scenario: the seed failed: ${message(error)}`, [
            { field: 'scenario', rule: 'seeds', message: message(error) },
          ]);
    }
    if (!request.keep) {
      void this.runner
        .ended(lab.id, run)
        .then(async (still) => {
          if (!still) return; // removed or reset meanwhile, or gwsim stops: the lab is left as it is
          await this.labs.remove(lab.id);
          this.logger.info(
            { lab: lab.id, scenario: scenario.name, state: run.state },
            'a scenario ended: its lab removed',
          );
        })
        .catch((error: unknown) =>
          this.logger.warn({ err: error, lab: lab.id }, "a scenario's lab could not be removed"),
        );
    }
    return lab;
  }
}
