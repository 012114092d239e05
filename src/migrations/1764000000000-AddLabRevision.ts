import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every lab counts its committed write units: each write unit bumps `revision` as it locks the lab's row, so a
 * process holding state read from the store in memory learns with one indexed read whether any process wrote
 * to that lab since (see LabRevisions / LabReadCache).
 */
export class AddLabRevision1764000000000 implements MigrationInterface {
  name = 'AddLabRevision1764000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE lab ADD COLUMN revision bigint NOT NULL DEFAULT 0');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE lab DROP COLUMN revision');
  }
}
