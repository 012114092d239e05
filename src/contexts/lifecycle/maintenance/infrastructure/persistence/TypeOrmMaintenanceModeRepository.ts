import { injectable } from 'inversify';
import { StaleVersionError } from '../../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../../shared/domain/LabId.js';
import { TypeOrmRepository } from '../../../../../shared/infrastructure/persistence/TypeOrmRepository.js';
import { MaintenanceMode } from '../../domain/MaintenanceMode.js';
import { MaintenanceModeRepository } from '../../domain/MaintenanceModeRepository.js';
import { MaintenanceModeRecord } from './MaintenanceModeRecord.js';

@injectable()
export class TypeOrmMaintenanceModeRepository extends TypeOrmRepository implements MaintenanceModeRepository {
  async get(lab: LabId): Promise<MaintenanceMode> {
    const record = await this.records(MaintenanceModeRecord).findOneBy({ labId: lab });
    return record ? new MaintenanceMode(lab, record.active, record.version, record.changedAt ?? undefined) : MaintenanceMode.initial(lab);
  }

  async save(mode: MaintenanceMode): Promise<void> {
    const next = mode.version + 1;
    if (mode.version === 0) {
      const inserted: unknown[] = await this.manager.query(
        'INSERT INTO maintenance_mode (lab_id, active, changed_at, version) VALUES ($1, $2, $3, 1) ON CONFLICT (lab_id) DO NOTHING RETURNING lab_id',
        [mode.lab, mode.active, mode.changedAt ?? null]);
      if (inserted.length === 0) throw new StaleVersionError('Maintenance mode', mode.lab);
      return;
    }
    const result = await this.records(MaintenanceModeRecord).update(
      { labId: mode.lab, version: mode.version },
      { active: mode.active, changedAt: mode.changedAt ?? null, version: next });
    if (result.affected !== 1) throw new StaleVersionError('Maintenance mode', mode.lab);
  }
}
