import { inject, injectable } from 'inversify';
import { Clock } from '../../../../../shared/domain/Clock.js';
import { StaleVersionError } from '../../../../../shared/domain/DomainError.js';
import { DEFAULT_LAB, type LabId } from '../../../../../shared/domain/LabId.js';
import { ConfigurationLifecycle, type ConfigurationLifecycleSnapshot } from '../../domain/ConfigurationLifecycle.js';
import { ConfigurationLifecycleRepository } from '../../domain/ConfigurationLifecycleRepository.js';

/** In memory. The memory store keeps no lab table: the only lab it knows of is the default one. */
@injectable()
export class InMemoryConfigurationLifecycleRepository extends ConfigurationLifecycleRepository {
  private readonly byLab = new Map<LabId, ConfigurationLifecycleSnapshot>();

  constructor(@inject(Clock) private readonly clock: Clock) {
    super();
  }

  async get(lab: LabId): Promise<ConfigurationLifecycle> {
    const stored = this.byLab.get(lab);
    return stored ? new ConfigurationLifecycle(lab, stored) : ConfigurationLifecycle.initial(lab, this.clock.now());
  }

  async save(state: ConfigurationLifecycle): Promise<void> {
    if ((this.byLab.get(state.lab)?.version ?? 0) !== state.version) throw new StaleVersionError('Configuration state', state.lab);
    this.byLab.set(state.lab, { ...state.snapshot(), version: state.version + 1 });
  }

  async labsWithoutConfiguration(): Promise<LabId[]> {
    return this.byLab.has(DEFAULT_LAB) ? [] : [DEFAULT_LAB];
  }
}
