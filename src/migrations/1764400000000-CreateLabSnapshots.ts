import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Snapshots of a lab's state (control context): one row per lab and name, the state as one JSON document
 * (`{tables: {<table>: [rows without lab_id]}}`), with what it was taken at, and the md5 of each row's text
 * (`row_hashes`, `{<table>: [md5, …]}` in the order of the rows) so a restore finds the rows that differ cheaply. `lab_id` deliberately has no
 * foreign key to `lab`: a reset drops the lab's row and makes it again, and a test suite resets to a snapshot it
 * saved once, so snapshots outlive the row; removing a lab deletes them explicitly (ManageLabs).
 */
export class CreateLabSnapshots1764400000000 implements MigrationInterface {
  name = 'CreateLabSnapshots1764400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE lab_snapshot (
      lab_id text NOT NULL,
      name text NOT NULL,
      created_at timestamptz NOT NULL,
      source_lab text NOT NULL,
      lab_revision bigint NOT NULL,
      schema_name text NOT NULL,
      objects integer NOT NULL CHECK (objects >= 0),
      bytes integer NOT NULL CHECK (bytes >= 0),
      state jsonb NOT NULL,
      row_hashes jsonb NOT NULL DEFAULT '{}',
      PRIMARY KEY (lab_id, name)
    )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE lab_snapshot');
  }
}
