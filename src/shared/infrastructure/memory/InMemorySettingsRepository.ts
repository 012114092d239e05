import { inject, injectable } from 'inversify';
import { Clock } from '../../domain/Clock.js';
import { StaleVersionError } from '../../domain/DomainError.js';
import type { LabId } from '../../domain/LabId.js';
import { SettingsRepository, type SettingJson, type StoredSetting } from '../../application/SettingsRepository.js';
import { requireWriteUnit } from '../requireWriteUnit.js';
import { TransactionScope } from '../TransactionScope.js';

/**
 * The settings store in memory. Like the TypeORM one it works only inside a unit of work and keeps a copy of
 * each value (JSON round trip), so a caller mutating what it saved or read changes nothing stored. It cannot roll
 * back: a write unit that fails after a save keeps the save (the in-memory unit of work has no rollback).
 */
@injectable()
export class InMemorySettingsRepository extends SettingsRepository {
  private readonly rows = new Map<string, { json: string; version: number; updatedAt: Date }>();

  constructor(@inject(Clock) private readonly clock: Clock) {
    super();
  }

  async find(lab: LabId, key: string): Promise<StoredSetting | undefined> {
    if (!TransactionScope.current()) throw new Error('the settings store was used outside a unit of work');
    const row = this.rows.get(JSON.stringify([lab, key]));
    return (
      row && { value: JSON.parse(row.json) as SettingJson, version: row.version, updatedAt: new Date(row.updatedAt) }
    );
  }

  async save(lab: LabId, key: string, value: SettingJson, expectedVersion: number): Promise<StoredSetting> {
    requireWriteUnit(lab, `setting '${key}'`);
    const id = JSON.stringify([lab, key]);
    if ((this.rows.get(id)?.version ?? 0) !== expectedVersion) throw new StaleVersionError(`Setting ${key}`, lab);
    const row = { json: JSON.stringify(value), version: expectedVersion + 1, updatedAt: this.clock.now() };
    this.rows.set(id, row);
    return { value: JSON.parse(row.json) as SettingJson, version: row.version, updatedAt: new Date(row.updatedAt) };
  }
}
