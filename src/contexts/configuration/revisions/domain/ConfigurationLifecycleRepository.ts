import type { LabId } from '../../../../shared/domain/LabId.js';
import type { ConfigurationLifecycle } from './ConfigurationLifecycle.js';

export abstract class ConfigurationLifecycleRepository {
  /** The lab's configuration state; ConfigurationLifecycle.initial (never stored) when there is none yet. */
  abstract get(lab: LabId): Promise<ConfigurationLifecycle>;
  /** Stores it if nobody saved another version in between (StaleVersionError otherwise). */
  abstract save(state: ConfigurationLifecycle): Promise<void>;
  /** Labs that exist but whose configuration was never installed. */
  abstract labsWithoutConfiguration(): Promise<LabId[]>;
}
