import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One license of one lab (table `license`): its signed terms as JSON, whether the signature held, its status. */
@Entity({ name: 'license' })
export class LicenseRecord {
  @PrimaryColumn({ name: 'lab_id', type: 'text' })
  labId!: string;

  @PrimaryColumn({ name: 'id', type: 'text' })
  id!: string;

  @Column({ name: 'identifier', type: 'text' })
  identifier!: string;

  @Column({ name: 'position', type: 'integer' })
  position!: number;

  @Column({ name: 'terms', type: 'jsonb' })
  terms!: unknown;

  @Column({ name: 'signature_valid', type: 'boolean' })
  signatureValid!: boolean;

  @Column({ name: 'status', type: 'text' })
  status!: string;

  @Column({ name: 'imported_at', type: 'timestamptz' })
  importedAt!: Date;

  @Column({ name: 'version', type: 'integer' })
  version!: number;
}
