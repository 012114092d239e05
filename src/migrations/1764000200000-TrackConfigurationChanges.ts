import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the working revision of each lab changed since the last commit or revert: one row per object id that
 * was inserted, updated or removed in the working revision (config_object_change). Commit and revert copy only
 * these objects and empty the set, so they cost what changed rather than the size of the graph; the status
 * diff and commit's consistency check read from it too. An id not listed has the same content in both
 * revisions. last_version is the highest version the working copy had since the last commit or revert, so that
 * revert gives an object it brings back a version above any a client may hold. Filled here with the ids that differ today, so existing labs keep that invariant.
 */
export class TrackConfigurationChanges1764000200000 implements MigrationInterface {
  name = 'TrackConfigurationChanges1764000200000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE config_object_change (
      lab_id text NOT NULL REFERENCES lab(id) ON DELETE CASCADE,
      id uuid NOT NULL,
      last_version integer NOT NULL,
      PRIMARY KEY (lab_id, id)
    )`);
    const content = (alias: string) =>
      [
        'sort',
        'display_name',
        'parameters',
        'reference_slots',
        'comment',
        'visible',
        'protected',
        'tr_mark',
        'note',
        'metadata',
        'version',
      ]
        .map((column) => `${alias}.${column}`)
        .join(', ');
    await runner.query(`INSERT INTO config_object_change (lab_id, id, last_version)
      SELECT coalesce(w.lab_id, c.lab_id), coalesce(w.id, c.id), coalesce(w.version, 0)
      FROM (SELECT * FROM config_object WHERE revision = 'working') w
      FULL JOIN (SELECT * FROM config_object WHERE revision = 'committed') c ON c.lab_id = w.lab_id AND c.id = w.id
      WHERE w.id IS NULL OR c.id IS NULL OR (${content('w')}) IS DISTINCT FROM (${content('c')})`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE config_object_change');
  }
}
