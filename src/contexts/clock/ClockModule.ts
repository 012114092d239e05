import { LabLifecycle } from '../../shared/application/LabLifecycle.js';
import { ClockLabLifecycle } from './lab-clocks/application/ClockLabLifecycle.js';
import { ContainerModule } from 'inversify';
import { StartupTask } from '../../shared/application/StartupTask.js';
import { LabClockSetting } from './lab-clocks/application/LabClockSetting.js';
import { UnitOfWork } from '../../shared/application/UnitOfWork.js';
import { LabClocks, LabClockRepository, LoadLabClocks } from './lab-clocks/application/LabClocks.js';
import { ClockController } from './lab-clocks/interface/http/ClockController.js';

/**
 * The clock context: each lab's gateway clock (real, scaled, frozen; advanced or set), kept in the settings store.
 * The composition root binds the Clock port to LabClocks over a WallClock (the system's, or a test's manual one).
 */
export function clockModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(LabClockSetting).toSelf().inSingletonScope();
    bind(LabClocks).toSelf().inSingletonScope();
    // Reached on first use: the settings store reads the Clock, which is LabClocks.
    bind(LabClockRepository)
      .toDynamicValue((context) => ({
        unitOfWork: () => context.get(UnitOfWork),
        setting: () => context.get(LabClockSetting),
      }))
      .inSingletonScope();
    bind(LoadLabClocks).toSelf().inSingletonScope();
    bind(StartupTask).toService(LoadLabClocks);
    bind(ClockController).toSelf().inSingletonScope();
    bind(LabLifecycle).to(ClockLabLifecycle).inSingletonScope();
  });
}
