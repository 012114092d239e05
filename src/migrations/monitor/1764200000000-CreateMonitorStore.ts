import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The monitor's own store, in schema `monitor` (a database apart from the configuration's on the embedded engine,
 * or MONITOR_DATABASE_URL; else the same server): call history, SIP messages, recording descriptions, and the
 * per-lab counters resources/get and retention read. Rows are lab-scoped but reference no configuration table.
 * Indexes follow callHistory/get's filter: newest first per lab, dial-string prefixes (text_pattern_ops) on the
 * inbound and outbound strings, nodes, and sessions.
 */
export class CreateMonitorStore1764200000000 implements MigrationInterface {
  name = 'CreateMonitorStore1764200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE SCHEMA IF NOT EXISTS monitor');
    await runner.query(`CREATE TABLE monitor.call_history (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      lab text NOT NULL,
      session_identifier text NOT NULL,
      system_identifier text NOT NULL,
      start_date_time timestamptz NOT NULL,
      connect_date_time timestamptz,
      end_date_time timestamptz NOT NULL,
      duration_seconds integer NOT NULL,
      inbound_node_id text NOT NULL,
      outbound_node_id text,
      routing_domain_id text,
      route_id text,
      inbound_source_dial_string text NOT NULL,
      inbound_destination_dial_string text NOT NULL,
      outbound_source_dial_string text,
      outbound_destination_dial_string text,
      result text NOT NULL,
      sip_status_code integer NOT NULL,
      q850_cause integer NOT NULL,
      recording_id text,
      stored_bytes integer NOT NULL,
      details jsonb NOT NULL
    )`);
    await runner.query('CREATE UNIQUE INDEX call_history_session ON monitor.call_history (lab, session_identifier)');
    await runner.query(
      'CREATE INDEX call_history_newest ON monitor.call_history (lab, start_date_time DESC, session_identifier COLLATE "C" DESC)',
    );
    for (const [name, column] of [
      ['in_source', 'inbound_source_dial_string'],
      ['in_destination', 'inbound_destination_dial_string'],
      ['out_source', 'outbound_source_dial_string'],
      ['out_destination', 'outbound_destination_dial_string'],
    ] as const) {
      await runner.query(`CREATE INDEX call_history_${name} ON monitor.call_history (lab, ${column} text_pattern_ops)`);
    }
    // The node indexes include what a node filter is most often combined with, so its total is an index-only count.
    await runner.query(
      'CREATE INDEX call_history_in_node ON monitor.call_history (lab, inbound_node_id, start_date_time DESC) INCLUDE (result, sip_status_code)',
    );
    await runner.query(
      'CREATE INDEX call_history_out_node ON monitor.call_history (lab, outbound_node_id, start_date_time DESC) INCLUDE (inbound_node_id, result, sip_status_code)',
    );

    await runner.query(`CREATE TABLE monitor.sip_message (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      lab text NOT NULL,
      session_identifier text NOT NULL,
      system_identifier text NOT NULL,
      call_index integer NOT NULL,
      timestamp_micros bigint NOT NULL,
      direction text NOT NULL,
      protocol text NOT NULL,
      source_ip_address text NOT NULL,
      source_port integer NOT NULL,
      destination_ip_address text NOT NULL,
      destination_port integer NOT NULL,
      message_length integer NOT NULL,
      truncated boolean NOT NULL,
      message text NOT NULL,
      stored_bytes integer NOT NULL
    )`);
    await runner.query(
      'CREATE INDEX sip_message_session ON monitor.sip_message (lab, session_identifier, timestamp_micros)',
    );

    await runner.query(`CREATE TABLE monitor.recording (
      lab text NOT NULL,
      recording_id text NOT NULL,
      session_identifier text NOT NULL,
      start_date_time timestamptz NOT NULL,
      duration_ms integer NOT NULL,
      codec text NOT NULL,
      muted_spans jsonb NOT NULL,
      seed double precision NOT NULL,
      stored_bytes integer NOT NULL,
      PRIMARY KEY (lab, recording_id)
    )`);
    await runner.query('CREATE INDEX recording_session ON monitor.recording (lab, session_identifier)');

    await runner.query(`CREATE TABLE monitor.lab_usage (
      lab text PRIMARY KEY,
      calls bigint NOT NULL DEFAULT 0,
      messages bigint NOT NULL DEFAULT 0,
      recordings bigint NOT NULL DEFAULT 0,
      stored_bytes bigint NOT NULL DEFAULT 0
    )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['lab_usage', 'recording', 'sip_message', 'call_history'])
      await runner.query(`DROP TABLE monitor.${table}`);
  }
}
