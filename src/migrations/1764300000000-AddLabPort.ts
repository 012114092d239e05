import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A lab may also be served at the root of a port of its own (so that a client with a fixed base URL works unchanged). */
export class AddLabPort1764300000000 implements MigrationInterface {
  name = 'AddLabPort1764300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE lab ADD COLUMN port integer UNIQUE CHECK (port BETWEEN 1 AND 65535)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE lab DROP COLUMN port');
  }
}
