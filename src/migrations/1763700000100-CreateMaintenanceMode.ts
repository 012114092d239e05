import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateMaintenanceMode1763700000100 implements MigrationInterface {
  name = 'CreateMaintenanceMode1763700000100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE maintenance_mode (
      lab_id text PRIMARY KEY REFERENCES lab(id) ON DELETE CASCADE,
      active boolean NOT NULL,
      changed_at timestamptz,
      version integer NOT NULL
    )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE maintenance_mode');
  }
}
