import { inject, injectable } from 'inversify';
import { Clock } from '../../domain/Clock.js';
import { StaleVersionError } from '../../domain/DomainError.js';
import type { LabId } from '../../domain/LabId.js';
import { SettingsRepository, type SettingJson, type StoredSetting } from '../../application/SettingsRepository.js';
import { requireWriteUnit } from '../requireWriteUnit.js';
import { LabSettingRecord } from './LabSettingRecord.js';
import { TypeOrmRepository } from './TypeOrmRepository.js';

/**
 * The settings store in the `lab_setting` table, on the unit of work's transaction. A first save is an insert
 * that does nothing when a row exists; a later one an update conditioned on the version read. Either touching
 * no row means another save came first: StaleVersionError.
 */
@injectable()
export class TypeOrmSettingsRepository extends TypeOrmRepository implements SettingsRepository {
  constructor(@inject(Clock) private readonly clock: Clock) {
    super();
  }

  async find(lab: LabId, key: string): Promise<StoredSetting | undefined> {
    const record = await this.records(LabSettingRecord).findOneBy({ labId: lab, key });
    return record
      ? { value: record.value as SettingJson, version: record.version, updatedAt: record.updatedAt }
      : undefined;
  }

  async save(lab: LabId, key: string, value: SettingJson, expectedVersion: number): Promise<StoredSetting> {
    requireWriteUnit(lab, `setting '${key}'`);
    const updatedAt = this.clock.now();
    const version = expectedVersion + 1;
    const records = this.records(LabSettingRecord);
    if (expectedVersion === 0) {
      const inserted = await records
        .createQueryBuilder()
        .insert()
        .values({ labId: lab, key, value, version, updatedAt })
        .orIgnore()
        .returning('lab_id')
        .execute();
      if ((inserted.raw as unknown[]).length === 0) throw new StaleVersionError(`Setting ${key}`, lab);
    } else {
      const updated = await records.update(
        { labId: lab, key, version: expectedVersion },
        { value: value as never, version, updatedAt },
      );
      if (updated.affected !== 1) throw new StaleVersionError(`Setting ${key}`, lab);
    }
    return { value, version, updatedAt };
  }
}
