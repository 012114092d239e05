import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'configuration_state' })
export class ConfigurationStateRecord {
  @PrimaryColumn({ name: 'lab_id', type: 'text' })
  labId!: string;

  @Column({ name: 'state', type: 'text' })
  state!: string;

  @Column({ name: 'last_commit_id', type: 'uuid', nullable: true })
  lastCommitId!: string | null;

  @Column({ name: 'last_commit_time', type: 'timestamptz', nullable: true })
  lastCommitTime!: Date | null;

  @Column({ name: 'changed_at', type: 'timestamptz' })
  changedAt!: Date;

  @Column({ name: 'imported_file_name', type: 'text', nullable: true })
  importedFileName!: string | null;

  @Column({ name: 'version', type: 'integer' })
  version!: number;
}
