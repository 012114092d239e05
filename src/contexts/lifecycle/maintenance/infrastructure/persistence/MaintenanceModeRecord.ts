import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'maintenance_mode' })
export class MaintenanceModeRecord {
  @PrimaryColumn({ name: 'lab_id', type: 'text' })
  labId!: string;

  @Column({ name: 'active', type: 'boolean' })
  active!: boolean;

  @Column({ name: 'changed_at', type: 'timestamptz', nullable: true })
  changedAt!: Date | null;

  @Column({ name: 'version', type: 'integer' })
  version!: number;
}
