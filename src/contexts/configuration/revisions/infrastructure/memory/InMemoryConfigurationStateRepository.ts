import { inject, injectable } from 'inversify';
import { Clock } from '../../../../../shared/domain/Clock.js';
import { StaleVersionError } from '../../../../../shared/domain/DomainError.js';
import { DEFAULT_LAB, type LabId } from '../../../../../shared/domain/LabId.js';
import { ConfigurationState, type ConfigurationStateSnapshot } from '../../domain/ConfigurationState.js';
import { ConfigurationStateRepository } from '../../domain/ConfigurationStateRepository.js';

/** In memory. The memory store keeps no lab table: the only lab it knows of is the default one. */
@injectable()
export class InMemoryConfigurationStateRepository extends ConfigurationStateRepository {
  private readonly byLab = new Map<LabId, ConfigurationStateSnapshot>();

  constructor(@inject(Clock) private readonly clock: Clock) {
    super();
  }

  async get(lab: LabId): Promise<ConfigurationState> {
    const stored = this.byLab.get(lab);
    return stored ? new ConfigurationState(lab, stored) : ConfigurationState.initial(lab, this.clock.now());
  }

  async save(state: ConfigurationState): Promise<void> {
    if ((this.byLab.get(state.lab)?.version ?? 0) !== state.version)
      throw new StaleVersionError('Configuration state', state.lab);
    this.byLab.set(state.lab, { ...state.snapshot(), version: state.version + 1 });
  }

  async labsWithoutConfiguration(): Promise<LabId[]> {
    return this.byLab.has(DEFAULT_LAB) ? [] : [DEFAULT_LAB];
  }
}
