import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The configuration graph: one row per object and revision ('working' or 'committed') of a lab.
 * - display_name and sort use the "C" collation, so listings order by code point on every server (the
 *   in-memory adapter orders the same way);
 * - referenced_ids is the flattened, de-duplicated list of every id in `reference_slots`; a GIN index on
 *   it, restricted to the working revision (the only one whose referrers are asked for), answers
 *   "who references X" without a second table that commit and revert would have to copy as well;
 * - (lab_id, revision, sort, display_name, id) serves listings by sort and look-ups by display name.
 */
export class CreateConfigurationObjects1763700200000 implements MigrationInterface {
  name = 'CreateConfigurationObjects1763700200000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE config_object (
      lab_id text NOT NULL REFERENCES lab(id) ON DELETE CASCADE,
      revision text NOT NULL CHECK (revision IN ('working', 'committed')),
      id uuid NOT NULL,
      sort text COLLATE "C" NOT NULL,
      display_name text COLLATE "C" NOT NULL,
      parameters jsonb NOT NULL,
      reference_slots jsonb NOT NULL,
      referenced_ids uuid[] NOT NULL,
      comment text NOT NULL,
      visible boolean NOT NULL,
      protected boolean NOT NULL,
      tr_mark boolean NOT NULL,
      note text NOT NULL,
      metadata jsonb NOT NULL,
      version integer NOT NULL CHECK (version > 0),
      PRIMARY KEY (lab_id, revision, id)
    )`);
    await runner.query(
      'CREATE INDEX config_object_by_sort_name ON config_object (lab_id, revision, sort, display_name, id)',
    );
    await runner.query(
      `CREATE INDEX config_object_working_referenced_ids ON config_object USING gin (referenced_ids) WHERE revision = 'working'`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE config_object');
  }
}
