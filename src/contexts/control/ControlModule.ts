import { LabLifecycle } from '../../shared/application/LabLifecycle.js';
import { ControlLabLifecycle } from './labs/application/ControlLabLifecycle.js';
import { ContainerModule } from 'inversify';
import { BackgroundService } from '../../shared/application/BackgroundService.js';
import type { ContextModuleOptions } from '../../shared/infrastructure/ContextModuleOptions.js';
import { ControlledLabs } from './labs/application/ControlledLabs.js';
import { ManageLabs } from './labs/application/ManageLabs.js';
import { LabsController } from './labs/interface/http/LabsController.js';
import { FaultRules } from './faults/application/FaultRules.js';
import { FaultTicker } from './faults/application/FaultTicker.js';
import { FaultsController } from './faults/interface/http/FaultsController.js';
import { JournalSettings, RequestJournal } from './journal/application/RequestJournal.js';
import { JournalController } from './journal/interface/http/JournalController.js';

export interface ControlModuleSettings {
  /** Entries each lab's request journal holds (GWSIM_JOURNAL_SIZE); default 10,000. */
  readonly journalSize?: number | undefined;
}

/**
 * The control context: fault rules (FaultRules, applied by the HTTP edge's middleware; the ticker switches gateway
 * faults as their windows begin and end) and the request journal. Both are in memory and per process on every store.
 */
export function controlModule(_options: ContextModuleOptions, settings: ControlModuleSettings = {}): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(JournalSettings).toConstantValue(new JournalSettings(settings.journalSize));
    bind(RequestJournal).toSelf().inSingletonScope();
    bind(ControlledLabs).toSelf().inSingletonScope();
    bind(ManageLabs).toSelf().inSingletonScope();
    bind(LabsController).toSelf().inSingletonScope();
    bind(LabLifecycle).to(ControlLabLifecycle).inSingletonScope();
    bind(FaultRules).toSelf().inSingletonScope();
    bind(FaultTicker).toSelf().inSingletonScope();
    bind(BackgroundService).toService(FaultTicker);
    bind(FaultsController).toSelf().inSingletonScope();
    bind(JournalController).toSelf().inSingletonScope();
  });
}
