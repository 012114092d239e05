import type { LabId } from '../../../../../shared/domain/LabId.js';
import { ConfigObject, type ConfigObjectSnapshot } from '../../domain/ConfigObject.js';
import { isObjectSort } from '../../domain/ObjectSort.js';
import type { ConfigObjectRecord } from './ConfigObjectRecord.js';

/** The stored columns of an object besides lab, revision and version: one element of the JSON array the adapter's SQL reads with jsonb_to_recordset. */
export interface ConfigObjectRow {
  readonly id: string;
  readonly sort: string;
  readonly display_name: string;
  readonly parameters: unknown;
  readonly reference_slots: unknown;
  /** A PostgreSQL array literal of uuids (`{a,b}`), cast to uuid[] by the SQL. */
  readonly referenced_ids: string;
  readonly comment: string;
  readonly visible: boolean;
  readonly protected: boolean;
  readonly tr_mark: boolean;
  readonly note: string;
  readonly metadata: unknown;
}

/** Between stored records and the ConfigObject aggregate; rebuilding the aggregate re-checks it. */
export const ConfigObjectMapper = {
  toDomain(lab: LabId, record: ConfigObjectRecord): ConfigObject {
    if (!isObjectSort(record.sort))
      throw new Error(`config_object ${record.id} of lab ${lab} has the unknown sort '${record.sort}'`);
    return new ConfigObject(lab, {
      id: record.id,
      sort: record.sort,
      displayName: record.displayName,
      parameters: record.parameters as ConfigObjectSnapshot['parameters'],
      references: record.referenceSlots as ConfigObjectSnapshot['references'],
      common: { comment: record.comment, visible: record.visible, protected: record.protected, trMark: record.trMark },
      note: record.note,
      metadata: record.metadata as ConfigObjectSnapshot['metadata'],
      version: record.version,
    });
  },

  toRow(snapshot: ConfigObjectSnapshot): ConfigObjectRow {
    return {
      id: snapshot.id,
      sort: snapshot.sort,
      display_name: snapshot.displayName,
      parameters: snapshot.parameters,
      reference_slots: snapshot.references,
      referenced_ids: `{${[...new Set(Object.values(snapshot.references).flat())].join(',')}}`,
      comment: snapshot.common.comment,
      visible: snapshot.common.visible,
      protected: snapshot.common.protected,
      tr_mark: snapshot.common.trMark,
      note: snapshot.note,
      metadata: snapshot.metadata,
    };
  },
};
