import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Every piece of gateway state belongs to a lab; the default lab is served at the root of the API. */
export class CreateLabs1763700000000 implements MigrationInterface {
  name = 'CreateLabs1763700000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE lab (
      id text PRIMARY KEY,
      display_name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`INSERT INTO lab (id, display_name) VALUES ('default', 'Default lab')`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE lab');
  }
}
