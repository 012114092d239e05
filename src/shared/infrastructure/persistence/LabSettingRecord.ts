import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One setting of one lab (table `lab_setting`): the JSON value of a key, versioned. */
@Entity({ name: 'lab_setting' })
export class LabSettingRecord {
  @PrimaryColumn({ name: 'lab_id', type: 'text' })
  labId!: string;

  @PrimaryColumn({ name: 'key', type: 'text' })
  key!: string;

  @Column({ name: 'value', type: 'jsonb' })
  value!: unknown;

  @Column({ name: 'version', type: 'integer' })
  version!: number;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
