import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The licenses of each lab (licensing context): signed terms as JSON, signature verdict, status, import order. */
export class CreateLicenses1764100000000 implements MigrationInterface {
  name = 'CreateLicenses1764100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE license (
      lab_id text NOT NULL REFERENCES lab(id) ON DELETE CASCADE,
      id text NOT NULL,
      identifier text NOT NULL,
      position integer NOT NULL CHECK (position > 0),
      terms jsonb NOT NULL,
      signature_valid boolean NOT NULL,
      status text NOT NULL,
      imported_at timestamptz NOT NULL,
      version integer NOT NULL CHECK (version > 0),
      PRIMARY KEY (lab_id, id),
      UNIQUE (lab_id, identifier),
      UNIQUE (lab_id, position)
    )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE license');
  }
}
