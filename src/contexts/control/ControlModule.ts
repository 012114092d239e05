import { LabLifecycle } from '../../shared/application/LabLifecycle.js';
import { ControlLabLifecycle } from './labs/application/ControlLabLifecycle.js';
import { ContainerModule } from 'inversify';
import { BackgroundService } from '../../shared/application/BackgroundService.js';
import type { ContextModuleOptions } from '../../shared/infrastructure/ContextModuleOptions.js';
import { ControlledLabs } from './labs/application/ControlledLabs.js';
import { ManageLabs } from './labs/application/ManageLabs.js';
import { LabsController } from './labs/interface/http/LabsController.js';
import { FaultRules } from './faults/application/FaultRules.js';
import { FaultRuleStore } from './faults/application/FaultRuleStore.js';
import { LoadFaultRules } from './faults/application/LoadFaultRules.js';
import { StartupTask } from '../../shared/application/StartupTask.js';
import { FaultTicker } from './faults/application/FaultTicker.js';
import { FaultsController } from './faults/interface/http/FaultsController.js';
import { JournalSettings, RequestJournal } from './journal/application/RequestJournal.js';
import { JournalController } from './journal/interface/http/JournalController.js';
import { SnapshotRepository } from './snapshots/application/SnapshotRepository.js';
import { LabSnapshots } from './snapshots/application/LabSnapshots.js';
import { SqlSnapshotRepository } from './snapshots/infrastructure/SqlSnapshotRepository.js';
import { UnavailableSnapshotRepository } from './snapshots/infrastructure/UnavailableSnapshotRepository.js';
import { SnapshotsController } from './snapshots/interface/http/SnapshotsController.js';
import { ScenarioLibrary } from './scenarios/application/ScenarioLibrary.js';
import { ScenarioRunner } from './scenarios/application/ScenarioRunner.js';
import { LabHoldings } from './scenarios/application/LabHoldings.js';
import { ScenarioLabs } from './scenarios/application/ScenarioLabs.js';
import { ScenarioSeeder } from './scenarios/application/ScenarioSeeder.js';
import { ScenarioSteps } from './scenarios/application/ScenarioSteps.js';
import { ScenarioRuns, ScenarioRunsService } from './scenarios/application/ScenarioRuns.js';
import { ScenarioSetting } from './scenarios/application/ScenarioSetting.js';
import { DirectoryScenarioLibrary } from './scenarios/infrastructure/ScenarioFiles.js';
import { ScenarioController, ScenarioDocuments } from './scenarios/interface/http/ScenarioController.js';

export interface ControlModuleSettings {
  /** Entries each lab's request journal holds (GWSIM_JOURNAL_SIZE); default 10,000. */
  readonly journalSize?: number | undefined;
  /** The directory of the shipped scenarios (demo/scenarios); none: no scenario is shipped. */
  readonly scenarioDirectory?: string | undefined;
}

/**
 * The control context: fault rules (FaultRules, kept in the settings store and held in memory, applied by the HTTP
 * edge's middleware; the ticker switches gateway faults as their windows begin and end), the request journal (in
 * memory, per process), the labs and their snapshots (in the main store; the in-memory stores keep none), and the
 * scenarios (runs in the memory of the process that runs them; a lab remembers its scenario in the settings store).
 */
export function controlModule(options: ContextModuleOptions, settings: ControlModuleSettings = {}): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(JournalSettings).toConstantValue(new JournalSettings(settings.journalSize));
    bind(RequestJournal).toSelf().inSingletonScope();
    bind(ControlledLabs).toSelf().inSingletonScope();
    bind(ManageLabs).toSelf().inSingletonScope();
    bind(LabsController).toSelf().inSingletonScope();
    bind(LabLifecycle).to(ControlLabLifecycle).inSingletonScope();
    bind(FaultRuleStore).toSelf().inSingletonScope();
    bind(FaultRules).toSelf().inSingletonScope();
    bind(StartupTask).to(LoadFaultRules).inSingletonScope();
    bind(FaultTicker).toSelf().inSingletonScope();
    bind(BackgroundService).toService(FaultTicker);
    bind(FaultsController).toSelf().inSingletonScope();
    bind(JournalController).toSelf().inSingletonScope();
    if (options.store === 'typeorm') bind(SnapshotRepository).to(SqlSnapshotRepository).inSingletonScope();
    else bind(SnapshotRepository).to(UnavailableSnapshotRepository).inSingletonScope();
    bind(LabSnapshots).toSelf().inSingletonScope();
    bind(SnapshotsController).toSelf().inSingletonScope();
    bind(ScenarioRuns).toSelf().inSingletonScope();
    bind(ScenarioRunsService).toSelf().inSingletonScope();
    bind(BackgroundService).toService(ScenarioRunsService);
    bind(ScenarioSetting).toSelf().inSingletonScope();
    bind(ScenarioSeeder).toSelf().inSingletonScope();
    bind(ScenarioSteps).toSelf().inSingletonScope();
    bind(ScenarioRunner).toSelf().inSingletonScope();
    bind(LabHoldings).toSelf().inSingletonScope();
    bind(ScenarioLabs).toSelf().inSingletonScope();
    bind(ScenarioLibrary).toConstantValue(new DirectoryScenarioLibrary(settings.scenarioDirectory ?? ''));
    bind(ScenarioDocuments).toSelf().inSingletonScope();
    bind(ScenarioController).toSelf().inSingletonScope();
  });
}
