import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which process runs a lab's simulator when several share a PostgreSQL server, and where it serves (for the
 * others to forward the lab's live requests to). The advisory lock is the lease; this row names its holder.
 */
export class AddLabLease1764500000000 implements MigrationInterface {
  name = 'AddLabLease1764500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE lab_lease (
      lab_id text PRIMARY KEY REFERENCES lab(id) ON DELETE CASCADE,
      process_id text NOT NULL,
      url text,
      acquired_at timestamptz NOT NULL
    )`);
    // The key processes of one database sign the requests they forward to each other with (made by the first).
    await runner.query('CREATE TABLE process_key (name text PRIMARY KEY, value bytea NOT NULL)');
    // The processes serving from this database, each saying it is alive once a second (and where it serves).
    await runner.query('CREATE TABLE gwsim_process (id text PRIMARY KEY, url text, seen_at timestamptz NOT NULL)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE gwsim_process');
    await runner.query('DROP TABLE process_key');
    await runner.query('DROP TABLE lab_lease');
  }
}
