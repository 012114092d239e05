import { Column, Entity, PrimaryColumn } from 'typeorm';

type Json = unknown;

/** One object of one revision of a lab's configuration graph, as stored (see the CreateConfigurationObjects migration). */
@Entity({ name: 'config_object' })
export class ConfigObjectRecord {
  @PrimaryColumn({ name: 'lab_id', type: 'text' })
  labId!: string;

  @PrimaryColumn({ name: 'revision', type: 'text' })
  revision!: 'working' | 'committed';

  @PrimaryColumn({ name: 'id', type: 'uuid' })
  id!: string;

  @Column({ name: 'sort', type: 'text' })
  sort!: string;

  @Column({ name: 'display_name', type: 'text' })
  displayName!: string;

  @Column({ name: 'parameters', type: 'jsonb' })
  parameters!: Json;

  @Column({ name: 'reference_slots', type: 'jsonb' })
  referenceSlots!: Json;

  /** Every id of reference_slots once: what the GIN index of "who references X" is built on. */
  @Column({ name: 'referenced_ids', type: 'uuid', array: true })
  referencedIds!: string[];

  @Column({ name: 'comment', type: 'text' })
  comment!: string;

  @Column({ name: 'visible', type: 'boolean' })
  visible!: boolean;

  @Column({ name: 'protected', type: 'boolean' })
  protected!: boolean;

  @Column({ name: 'tr_mark', type: 'boolean' })
  trMark!: boolean;

  @Column({ name: 'note', type: 'text' })
  note!: string;

  @Column({ name: 'metadata', type: 'jsonb' })
  metadata!: Json;

  @Column({ name: 'version', type: 'integer' })
  version!: number;
}
