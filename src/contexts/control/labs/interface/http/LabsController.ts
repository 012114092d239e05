import { inject, injectable, optional } from 'inversify';
import { DEFAULT_LAB } from '../../../../../shared/domain/LabId.js';
import type { LabEntry } from '../../../../../shared/application/LabDirectory.js';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { validateDto } from '../../../../../shared/interface/http/validateDto.js';
import { ManageLabs } from '../../application/ManageLabs.js';
import { LabDemo } from '../../application/LabDemo.js';
import { LabSnapshots } from '../../../snapshots/application/LabSnapshots.js';
import { CreateLabDto, ResetLabDto, type LabListView, type LabView } from './labShapes.js';
import { DomainError } from '../../../../../shared/domain/DomainError.js';
import { ScenarioRunner } from '../../../scenarios/application/ScenarioRunner.js';
import { ScenarioLabs } from '../../../scenarios/application/ScenarioLabs.js';
import { scenarioLabName } from '../../domain/Lab.js';
import { ScenarioDocuments } from '../../../scenarios/interface/http/ScenarioController.js';

function fieldProblem(field: string, problem: string): DomainError {
  return DomainError.invalid('INVALID_LAB', `${field} ${problem}`, [{ field, rule: 'lab', message: problem }]);
}

export function labView(entry: LabEntry): LabView {
  return {
    name: entry.id,
    displayName: entry.displayName,
    createdAt: entry.createdAt.toISOString(),
    apiBase: entry.id === DEFAULT_LAB ? '/api' : `/labs/${entry.id}/api`,
    ...(entry.port !== undefined ? { port: entry.port } : {}),
  };
}

/** `/_sim/labs` and `/_sim/labs/{lab}`. */
@injectable()
export class LabsController {
  constructor(
    @inject(ManageLabs) private readonly labs: ManageLabs,
    @inject(LabSnapshots) private readonly snapshots: LabSnapshots,
    @inject(ScenarioRunner) private readonly scenarios: ScenarioRunner,
    @inject(ScenarioDocuments) private readonly documents: ScenarioDocuments,
    @inject(ScenarioLabs) private readonly scenarioLabs: ScenarioLabs,
    @inject(LabDemo) @optional() private readonly demo: LabDemo | undefined = undefined,
  ) {}

  async list(): Promise<LabListView> {
    return { labs: (await this.labs.current()).map(labView) };
  }

  async get(request: OperationRequest): Promise<LabView> {
    return labView(this.labs.get(request.params['lab']!));
  }

  async create(request: OperationRequest): Promise<LabView> {
    const dto = validateDto(CreateLabDto, request.body);
    // an optional member sent as null is left out (a null name is no name)
    if (dto.name === null) delete dto.name;
    if (dto.displayName === null) delete dto.displayName;
    if (dto.port === null) delete dto.port;
    if (dto.scenario === undefined || dto.scenario === null) {
      if (dto.keep !== undefined && dto.keep !== null)
        throw fieldProblem('keep', 'applies to a lab made from a scenario: leave it out');
      if (dto.name === undefined) throw fieldProblem('name', "is required (the lab's name)");
      return labView(await this.labs.create(dto.name, dto.displayName, dto.port));
    }
    // the scenario is read first: a bad one makes no lab
    const scenario = this.documents.read(dto.scenario, 'scenario');
    const lab = await this.scenarioLabs.make(
      {
        name: dto.name ?? scenarioLabName(scenario.name),
        displayName: dto.displayName ?? (dto.name === undefined ? `Scenario ${scenario.name}` : undefined),
        port: dto.port,
        keep: dto.keep ?? true,
      },
      scenario,
    );
    return labView(lab);
  }

  async reset(request: OperationRequest): Promise<LabView> {
    const dto = validateDto(ResetLabDto, request.body);
    if (dto.to === 'scenario') return labView(await this.resetToScenario(request.params['lab']!));
    if (dto.to === 'demo') return labView(await this.resetToDemo(request.params['lab']!));
    if (dto.to !== 'empty') {
      // any other word names one of the lab's snapshots: the lab is restored to it
      await this.snapshots.restore(request.params['lab']!, dto.to, 'to');
      return labView(this.labs.get(request.params['lab']!));
    }
    return labView(await this.labs.reset(request.params['lab']!));
  }

  /** `reset {to: "demo"}`: reset, then the demo a fresh start installs (configuration, license, traffic). */
  private async resetToDemo(name: string): Promise<LabEntry> {
    const demo = this.demo;
    if (!demo)
      throw DomainError.unavailable('DEMO_UNAVAILABLE', 'to: this gwsim has no demo to install: reset it to "empty"');
    const entry = await this.labs.reset(name);
    await demo.install(entry.id);
    return entry;
  }

  /** `reset {to: "scenario"}`: reset, then seeded again from the scenario the lab remembers; 409 NO_SCENARIO naming `to` without one. */
  private async resetToScenario(name: string): Promise<LabEntry> {
    const entry = this.labs.get(name);
    const document = await this.scenarios.remembered(entry.id);
    if (!document) {
      const message = `lab '${entry.id}' was not made from a scenario and has run none: there is no scenario to reset it to (reset it to "empty", or run a scenario on it)`;
      throw DomainError.conflict('NO_SCENARIO', `to: ${message}`, [{ field: 'to', rule: 'hasScenario', message }]);
    }
    await this.scenarios.reseed(entry.id, this.documents.read(document, 'scenario'));
    return entry;
  }

  async remove(request: OperationRequest): Promise<LabView> {
    return labView(await this.labs.remove(request.params['lab']!));
  }
}
