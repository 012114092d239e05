import type { LabId } from '../../../../shared/domain/LabId.js';
import type { ConfigurationState } from './ConfigurationState.js';

export abstract class ConfigurationStateRepository {
  /** The lab's configuration state; ConfigurationState.initial (never stored) when there is none yet. */
  abstract get(lab: LabId): Promise<ConfigurationState>;
  /** Stores it if nobody saved another version in between (StaleVersionError otherwise). */
  abstract save(state: ConfigurationState): Promise<void>;
  /** Labs that exist but whose configuration was never installed. */
  abstract labsWithoutConfiguration(): Promise<LabId[]>;
}
