import type { MigrationInterface, QueryRunner } from 'typeorm';

const PASSWORD_POLICY = 'identity.passwordPolicy';
const LOGIN_POLICY = 'identity.loginPolicy';
const MAINTENANCE_MODE = 'lifecycle.maintenanceMode';

/** ISO-8601 in UTC with milliseconds, whatever the session's time zone: what the codecs read back. */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One versioned per-lab settings store (`lab_setting`: lab, key, JSON value, version, updated time) replaces the
 * tables of the password policy, the login policy and maintenance mode. Their rows move into it with their
 * versions (a gateway upgraded keeps its policies and the ETags its clients hold), then the old tables go.
 * The JSON is what the settings' codecs read: the policies' wire fields, blacklist items as {value};
 * maintenance mode as {modeActive, changedAt}.
 */
export class MoveSettingsToOneStore1764000100000 implements MigrationInterface {
  name = 'MoveSettingsToOneStore1764000100000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE lab_setting (
      lab_id text NOT NULL REFERENCES lab(id) ON DELETE CASCADE,
      key text NOT NULL,
      value jsonb NOT NULL,
      version integer NOT NULL CHECK (version > 0),
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (lab_id, key)
    )`);
    await runner.query(`INSERT INTO lab_setting (lab_id, key, value, version, updated_at)
      SELECT lab_id, '${PASSWORD_POLICY}', jsonb_build_object(
        'minLength', min_length, 'maxLength', max_length, 'minDigits', min_digits, 'minCharacters', min_characters,
        'minLowerCase', min_lower_case, 'minUpperCase', min_upper_case, 'minSpecial', min_special,
        'constraintAreas', constraint_areas, 'patterns', patterns,
        'blacklist', (SELECT coalesce(jsonb_agg(jsonb_build_object('value', item) ORDER BY position), '[]'::jsonb)
                      FROM jsonb_array_elements_text(blacklist) WITH ORDINALITY AS items(item, position)),
        'addUsernameToBlacklist', add_username_to_blacklist), version, now()
      FROM identity_password_policy`);
    await runner.query(`INSERT INTO lab_setting (lab_id, key, value, version, updated_at)
      SELECT lab_id, '${LOGIN_POLICY}', jsonb_build_object(
        'minLoginDelay', min_login_delay, 'maxLoginDelay', max_login_delay, 'attemptsUntilBlocked', attempts_until_blocked,
        'showLoginFailureMessage', show_login_failure_message, 'passwordExpiration', password_expiration,
        'passwordExpirationWarning', password_expiration_warning, 'maxObsoletePasswords', max_obsolete_passwords,
        'passwordUnchangeableMinutes', password_unchangeable_minutes), version, now()
      FROM identity_login_policy`);
    await runner.query(`INSERT INTO lab_setting (lab_id, key, value, version, updated_at)
      SELECT lab_id, '${MAINTENANCE_MODE}', jsonb_build_object('modeActive', active, 'changedAt', ${iso('changed_at')}),
        greatest(version, 1), coalesce(changed_at, now())
      FROM maintenance_mode`);
    await runner.query('DROP TABLE identity_password_policy');
    await runner.query('DROP TABLE identity_login_policy');
    await runner.query('DROP TABLE maintenance_mode');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE maintenance_mode (
      lab_id text PRIMARY KEY REFERENCES lab(id) ON DELETE CASCADE,
      active boolean NOT NULL,
      changed_at timestamptz,
      version integer NOT NULL
    )`);
    await runner.query(`CREATE TABLE identity_password_policy (
      lab_id text PRIMARY KEY REFERENCES lab(id) ON DELETE CASCADE,
      min_length integer NOT NULL, max_length integer NOT NULL, min_digits integer NOT NULL,
      min_characters integer NOT NULL, min_lower_case integer NOT NULL, min_upper_case integer NOT NULL,
      min_special integer NOT NULL, constraint_areas integer NOT NULL, patterns boolean NOT NULL,
      blacklist jsonb NOT NULL, add_username_to_blacklist boolean NOT NULL, version integer NOT NULL
    )`);
    await runner.query(`CREATE TABLE identity_login_policy (
      lab_id text PRIMARY KEY REFERENCES lab(id) ON DELETE CASCADE,
      min_login_delay integer NOT NULL, max_login_delay integer NOT NULL, attempts_until_blocked integer NOT NULL,
      show_login_failure_message boolean NOT NULL, password_expiration integer NOT NULL,
      password_expiration_warning integer NOT NULL, max_obsolete_passwords integer NOT NULL,
      password_unchangeable_minutes integer NOT NULL, version integer NOT NULL
    )`);
    await runner.query(`INSERT INTO maintenance_mode (lab_id, active, changed_at, version)
      SELECT lab_id, (value->>'modeActive')::boolean, (value->>'changedAt')::timestamptz, version
      FROM lab_setting WHERE key = '${MAINTENANCE_MODE}'`);
    await runner.query(`INSERT INTO identity_password_policy
      SELECT lab_id, (value->>'minLength')::int, (value->>'maxLength')::int, (value->>'minDigits')::int,
        (value->>'minCharacters')::int, (value->>'minLowerCase')::int, (value->>'minUpperCase')::int,
        (value->>'minSpecial')::int, (value->>'constraintAreas')::int, (value->>'patterns')::boolean,
        (SELECT coalesce(jsonb_agg(item->'value' ORDER BY position), '[]'::jsonb)
         FROM jsonb_array_elements(value->'blacklist') WITH ORDINALITY AS items(item, position)),
        (value->>'addUsernameToBlacklist')::boolean, version
      FROM lab_setting WHERE key = '${PASSWORD_POLICY}'`);
    await runner.query(`INSERT INTO identity_login_policy
      SELECT lab_id, (value->>'minLoginDelay')::int, (value->>'maxLoginDelay')::int, (value->>'attemptsUntilBlocked')::int,
        (value->>'showLoginFailureMessage')::boolean, (value->>'passwordExpiration')::int,
        (value->>'passwordExpirationWarning')::int, (value->>'maxObsoletePasswords')::int,
        (value->>'passwordUnchangeableMinutes')::int, version
      FROM lab_setting WHERE key = '${LOGIN_POLICY}'`);
    await runner.query('DROP TABLE lab_setting');
  }
}
