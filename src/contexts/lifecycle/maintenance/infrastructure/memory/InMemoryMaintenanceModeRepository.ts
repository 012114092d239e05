import { injectable } from 'inversify';
import { StaleVersionError } from '../../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../../shared/domain/LabId.js';
import { MaintenanceMode } from '../../domain/MaintenanceMode.js';
import { MaintenanceModeRepository } from '../../domain/MaintenanceModeRepository.js';

interface Stored { active: boolean; changedAt: Date | undefined; version: number }

@injectable()
export class InMemoryMaintenanceModeRepository extends MaintenanceModeRepository {
  private readonly byLab = new Map<LabId, Stored>();

  async get(lab: LabId): Promise<MaintenanceMode> {
    const stored = this.byLab.get(lab);
    return stored ? new MaintenanceMode(lab, stored.active, stored.version, stored.changedAt) : MaintenanceMode.initial(lab);
  }

  async save(mode: MaintenanceMode): Promise<void> {
    const current = this.byLab.get(mode.lab)?.version ?? 0;
    if (current !== mode.version) throw new StaleVersionError('Maintenance mode', mode.lab);
    this.byLab.set(mode.lab, { active: mode.active, changedAt: mode.changedAt, version: mode.version + 1 });
  }
}
