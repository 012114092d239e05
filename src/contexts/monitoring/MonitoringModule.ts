import { LabLifecycle } from '../../shared/application/LabLifecycle.js';
import { MonitorLabLifecycle } from './history/application/MonitorLabLifecycle.js';
import { MonitorFigures } from './history/application/MonitorFigures.js';
import { ContainerModule } from 'inversify';
import { BackgroundService } from '../../shared/application/BackgroundService.js';
import type { ContextModuleOptions } from '../../shared/infrastructure/ContextModuleOptions.js';
import { GatewayFaultSwitch } from '../../shared/application/GatewayFaultSwitch.js';
import { BatchingMonitorSinks } from './history/application/BatchingMonitorSinks.js';
import { DiskGuardedMonitorSinks } from './history/application/DiskGuardedMonitorSinks.js';
import { TappedMonitorSinks } from './history/application/TappedMonitorSinks.js';
import { MonitorUnreachableSwitch } from './history/application/MonitorFaultSwitch.js';
import { MachineStrain } from './resources/application/MachineStrain.js';
import { ResourceReadings, StrainedResourceReadings } from './resources/application/ResourceReadings.js';
import { MonitorAvailability, SwitchableMonitorAvailability } from './history/application/MonitorAvailability.js';
import { MonitorRetention, RetentionRole } from './history/application/MonitorRetention.js';
import { MonitorSinks } from './history/application/MonitorSinks.js';
import { MonitorRepository } from './history/application/MonitorRepository.js';
import { MonitorTuning } from './history/application/MonitorTuning.js';
import { QueryCallHistory } from './history/application/QueryCallHistory.js';
import { InMemoryMonitorRepository } from './history/infrastructure/memory/InMemoryMonitorRepository.js';
import { TypeOrmMonitorRepository } from './history/infrastructure/persistence/TypeOrmMonitorRepository.js';
import { CallHistoryController } from './history/interface/http/CallHistoryController.js';
import { CallHistoryExportController } from './history/interface/http/CallHistoryExportController.js';
import { MessageHistoryController } from './history/interface/http/MessageHistoryController.js';
import { RecordingController } from './history/interface/http/RecordingController.js';
import { ExportCallHistory } from './history/application/ExportCallHistory.js';
import { ReadMessageHistory } from './history/application/ReadMessageHistory.js';
import { ReadRecording } from './history/application/ReadRecording.js';
import { ReadResourceUsage } from './resources/application/ReadResourceUsage.js';
import { LoadGauge } from './resources/domain/LoadGauge.js';
import { MonitorLoadGauge } from './resources/infrastructure/MonitorLoadGauge.js';
import { ResourcesController } from './resources/interface/http/ResourcesController.js';
import { MonitorCallHistoryConfigs, MonitorSipFlowConfigs } from './settings/application/MonitorConfigs.js';
import { MonitorSettingsCache } from './settings/application/MonitorSettingsCache.js';
import { CallHistoryConfigSetting, SipFlowConfigSetting } from './settings/application/MonitorSettingStores.js';
import { MonitorSettingsController } from './settings/interface/http/MonitorSettingsController.js';
import { VersionController } from './version/interface/http/VersionController.js';

export interface MonitoringModuleOptions {
  /**
   * Whether the monitor has a database of its own (the composition root then binds MonitorDatabase): TypeORM
   * store; otherwise the in-memory one (a gateway without a database, administrative commands).
   */
  readonly database: boolean;
  /** Pacing of the sinks and retention; the defaults otherwise. */
  readonly tuning?: MonitorTuning;
  /** `follows`: another thread writes and trims the rows (see RetentionRole); `trims` by default. */
  readonly retention?: 'trims' | 'follows';
}

/**
 * The monitoring context: versions, resources, and the monitor component: its store (call history, SIP
 * messages, recordings), the batching sinks the simulator writes through, retention, reachability, settings.
 * LiveSessions and MessageTap are the simulation context's to bind; resources read the first when bound, the sinks
 * hand the SIP messages to the second.
 */
export function monitoringModule(
  _options: ContextModuleOptions,
  monitor: MonitoringModuleOptions = { database: false },
): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(MonitorTuning).toConstantValue(monitor.tuning ?? new MonitorTuning());
    bind(MonitorAvailability).to(SwitchableMonitorAvailability).inSingletonScope();
    if (monitor.database) bind(MonitorRepository).to(TypeOrmMonitorRepository).inSingletonScope();
    else bind(MonitorRepository).to(InMemoryMonitorRepository).inSingletonScope();
    bind(CallHistoryConfigSetting).toSelf().inSingletonScope();
    bind(SipFlowConfigSetting).toSelf().inSingletonScope();
    bind(MonitorSettingsCache).toSelf().inSingletonScope();
    bind(MonitorCallHistoryConfigs).toSelf().inSingletonScope();
    bind(MonitorSipFlowConfigs).toSelf().inSingletonScope();
    bind(BatchingMonitorSinks).toSelf().inSingletonScope();
    bind(MonitorFigures).toSelf().inSingletonScope();
    // the simulator writes through the taps (MessageTap: the simulation context's HEP capture) and the disk's guard
    // (a full disk drops rows); the batching sinks behind them
    bind(MachineStrain).toSelf().inSingletonScope();
    bind(GatewayFaultSwitch).toService(MachineStrain);
    bind(MonitorUnreachableSwitch).toSelf().inSingletonScope();
    bind(GatewayFaultSwitch).toService(MonitorUnreachableSwitch);
    bind(DiskGuardedMonitorSinks).toSelf().inSingletonScope();
    bind(TappedMonitorSinks).toSelf().inSingletonScope();
    bind(MonitorSinks).toService(TappedMonitorSinks);
    bind(LabLifecycle).to(MonitorLabLifecycle).inSingletonScope();
    bind(BackgroundService).toService(BatchingMonitorSinks);
    bind(RetentionRole).toConstantValue(new RetentionRole(monitor.retention ?? 'trims'));
    bind(MonitorRetention).toSelf().inSingletonScope();
    bind(BackgroundService).toService(MonitorRetention);
    bind(QueryCallHistory).toSelf().inSingletonScope();
    bind(ReadMessageHistory).toSelf().inSingletonScope();
    bind(ExportCallHistory).toSelf().inSingletonScope();
    bind(ReadRecording).toSelf().inSingletonScope();
    bind(MessageHistoryController).toSelf().inSingletonScope();
    bind(CallHistoryExportController).toSelf().inSingletonScope();
    bind(RecordingController).toSelf().inSingletonScope();
    bind(LoadGauge).to(MonitorLoadGauge).inSingletonScope();
    bind(ReadResourceUsage).toSelf().inSingletonScope();
    bind(ResourceReadings).to(StrainedResourceReadings).inSingletonScope();
    bind(ResourcesController).toSelf().inSingletonScope();
    bind(VersionController).toSelf().inSingletonScope();
    bind(CallHistoryController).toSelf().inSingletonScope();
    bind(MonitorSettingsController).toSelf().inSingletonScope();
  });
}
