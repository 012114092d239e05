import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A custom role of a lab (built-in roles are not stored). */
@Entity({ name: 'identity_role' })
export class RoleRecord {
  @PrimaryColumn({ name: 'lab_id', type: 'text' })
  labId!: string;

  @PrimaryColumn({ name: 'id', type: 'text' })
  id!: string;

  @Column({ name: 'display_name', type: 'text' })
  displayName!: string;

  @Column({ name: 'api', type: 'text' }) api!: string;
  @Column({ name: 'user_interface', type: 'text' }) userInterface!: string;
  @Column({ name: 'tracing', type: 'text' }) tracing!: string;
  @Column({ name: 'administration', type: 'text' }) administration!: string;
  @Column({ name: 'media_recording', type: 'text' }) mediaRecording!: string;
  @Column({ name: 'configuration_mode', type: 'text' }) configurationMode!: string;
  @Column({ name: 'user_management', type: 'text' }) userManagement!: string;
  @Column({ name: 'monitoring_mode', type: 'text' }) monitoringMode!: string;
  @Column({ name: 'web_server', type: 'text' }) webServer!: string;
  @Column({ name: 'backends', type: 'text' }) backends!: string;

  /** Set by the database when the row is inserted. */
  @Column({ name: 'created_at', type: 'timestamptz', insert: false, update: false })
  createdAt!: Date;

  @Column({ name: 'ordinal', type: 'bigint', insert: false, update: false })
  ordinal!: string;

  @Column({ name: 'version', type: 'integer' })
  version!: number;
}
