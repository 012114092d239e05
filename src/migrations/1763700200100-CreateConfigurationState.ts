import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The lifecycle state of each lab's configuration (committed, modified, cleaned, imported, imported-protected). */
export class CreateConfigurationState1763700200100 implements MigrationInterface {
  name = 'CreateConfigurationState1763700200100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE configuration_state (
      lab_id text PRIMARY KEY REFERENCES lab(id) ON DELETE CASCADE,
      state text NOT NULL CHECK (state IN ('committed', 'modified', 'cleaned', 'imported', 'imported-protected')),
      last_commit_id uuid,
      last_commit_time timestamptz,
      changed_at timestamptz NOT NULL,
      imported_file_name text,
      version integer NOT NULL CHECK (version > 0)
    )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE configuration_state');
  }
}
