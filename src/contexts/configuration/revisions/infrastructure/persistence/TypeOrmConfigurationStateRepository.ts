import { inject, injectable } from 'inversify';
import { Clock } from '../../../../../shared/domain/Clock.js';
import { StaleVersionError } from '../../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../../shared/domain/LabId.js';
import { TypeOrmRepository } from '../../../../../shared/infrastructure/persistence/TypeOrmRepository.js';
import { CONFIGURATION_STATUSES, type ConfigurationStatus } from '../../domain/ConfigurationState.js';
import { ConfigurationState } from '../../domain/ConfigurationState.js';
import { ConfigurationStateRepository } from '../../domain/ConfigurationStateRepository.js';
import { ConfigurationStateRecord } from './ConfigurationStateRecord.js';

function toDomain(lab: LabId, record: ConfigurationStateRecord): ConfigurationState {
  if (!(CONFIGURATION_STATUSES as readonly string[]).includes(record.state))
    throw new Error(`configuration_state of lab ${lab} holds the unknown state '${record.state}'`);
  return new ConfigurationState(lab, {
    status: record.state as ConfigurationStatus,
    lastCommit:
      record.lastCommitId && record.lastCommitTime ? { id: record.lastCommitId, at: record.lastCommitTime } : undefined,
    changedAt: record.changedAt,
    importedFileName: record.importedFileName ?? undefined,
    version: record.version,
  });
}

@injectable()
export class TypeOrmConfigurationStateRepository extends TypeOrmRepository implements ConfigurationStateRepository {
  constructor(@inject(Clock) private readonly clock: Clock) {
    super();
  }

  async get(lab: LabId): Promise<ConfigurationState> {
    const record = await this.records(ConfigurationStateRecord).findOneBy({ labId: lab });
    return record ? toDomain(lab, record) : ConfigurationState.initial(lab, this.clock.now());
  }

  async save(state: ConfigurationState): Promise<void> {
    const s = state.snapshot();
    const values = [
      state.lab,
      s.status,
      s.lastCommit?.id ?? null,
      s.lastCommit?.at ?? null,
      s.changedAt,
      s.importedFileName ?? null,
    ];
    const saved: unknown[] =
      state.version === 0
        ? await this.manager.query(
            `INSERT INTO configuration_state (lab_id, state, last_commit_id, last_commit_time, changed_at, imported_file_name, version)
         VALUES ($1, $2, $3, $4, $5, $6, 1) ON CONFLICT (lab_id) DO NOTHING RETURNING lab_id`,
            values,
          )
        : await this.manager.query(
            `WITH updated AS (UPDATE configuration_state SET state = $2, last_commit_id = $3, last_commit_time = $4, changed_at = $5,
           imported_file_name = $6, version = version + 1 WHERE lab_id = $1 AND version = $7 RETURNING lab_id) SELECT lab_id FROM updated`,
            [...values, state.version],
          );
    if (saved.length !== 1) throw new StaleVersionError('Configuration state', state.lab);
  }

  async labsWithoutConfiguration(): Promise<LabId[]> {
    const rows: Array<{ id: LabId }> = await this.manager.query(
      'SELECT id FROM lab WHERE NOT EXISTS (SELECT 1 FROM configuration_state s WHERE s.lab_id = lab.id) ORDER BY id',
    );
    return rows.map((row) => row.id);
  }
}
