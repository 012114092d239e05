import 'reflect-metadata';
import type { LabId } from '../../src/shared/domain/LabId.js';
import { SwitchableMonitorAvailability } from '../../src/contexts/monitoring/history/application/MonitorAvailability.js';
import type { CallHistoryQuery } from '../../src/contexts/monitoring/history/domain/CallHistoryQuery.js';
import { MonitorDatabase } from '../../src/contexts/monitoring/history/infrastructure/persistence/MonitorDatabase.js';
import { TypeOrmMonitorRepository } from '../../src/contexts/monitoring/history/infrastructure/persistence/TypeOrmMonitorRepository.js';
import { openMonitorKeepingData } from '../support/testStores.js';

export interface FilterFigures {
  readonly name: string;
  readonly p50Ms: number;
  readonly p95Ms: number;
  /** Matching calls (the answer's totalCount) of the last query. */
  readonly totalCount: number;
}

export interface CallHistoryFigures {
  readonly store: string;
  readonly calls: number;
  /** Time to bulk-load the calls (0 when they were there from an earlier run). */
  readonly loadMs: number;
  readonly filters: readonly FilterFigures[];
}

/** Named with the data's shape version: a database holding an older shape is loaded again under the new name. */
const LAB = 'bench-call-history-2' as LabId;
const T0 = Date.parse('2026-01-01T00:00:00Z');
/** One call every 2.5 s: 1,000,000 calls span about 29 days. */
const SPACING_MS = 2500;

/**
 * Loads `calls` realistic call-history rows into one lab with one INSERT … SELECT over generate_series (kept
 * between runs: a database that already holds them is not loaded again), and the lab's counters.
 */
async function load(database: MonitorDatabase, calls: number): Promise<number> {
  const ds = database.dataSource;
  const [held] = (await ds.query('SELECT count(*)::int AS n FROM monitor.call_history WHERE lab = $1', [
    LAB,
  ])) as Array<{ n: number }>;
  if (held!.n === calls) return 0;
  await ds.query('DELETE FROM monitor.call_history WHERE lab = $1', [LAB]);
  await ds.query('DELETE FROM monitor.lab_usage WHERE lab = $1', [LAB]);
  const started = Date.now();
  await ds.query(
    `
    INSERT INTO monitor.call_history (lab, session_identifier, system_identifier, start_date_time, connect_date_time, end_date_time,
      duration_seconds, inbound_node_id, outbound_node_id, routing_domain_id, route_id, inbound_source_dial_string,
      inbound_destination_dial_string, outbound_source_dial_string, outbound_destination_dial_string, result, sip_status_code,
      q850_cause, recording_id, stored_bytes, details)
    SELECT $1, md5(i::text), CASE WHEN i % 2 = 0 THEN 'gw-a' ELSE 'gw-b' END,
      to_timestamp(($2::float8 + i * $3::float8) / 1000), to_timestamp(($2::float8 + i * $3::float8 + 3000) / 1000),
      to_timestamp(($2::float8 + i * $3::float8 + 3000 + (i % 300) * 1000) / 1000), i % 300,
      'node-' || (i % 20), CASE WHEN i % 17 = 0 THEN NULL ELSE 'carrier-' || (i % 5) END, 'rd-main', 'route-' || (i % 50),
      '+4930' || lpad(((i::bigint * 7919) % 10000000)::text, 7, '0'),
      '0' || lpad(((i::bigint * 104729) % 1000000000)::text, 9, '0'),
      CASE WHEN i % 17 = 0 THEN NULL ELSE '+4930' || lpad(((i::bigint * 7919) % 10000000)::text, 7, '0') END,
      CASE WHEN i % 17 = 0 THEN NULL ELSE '+49' || lpad(((i::bigint * 104729) % 1000000000)::text, 9, '0') END,
      (ARRAY['ANSWERED','ANSWERED','ANSWERED','ANSWERED','ANSWERED','ANSWERED','BUSY','NO_ANSWER','FAILED','CANCELLED'])[(i / 20) % 10 + 1],
      (ARRAY[200,200,200,200,200,200,486,480,503,487])[(i / 20) % 10 + 1], (ARRAY[16,16,16,16,16,16,17,19,41,16])[(i / 20) % 10 + 1],
      NULL, 900,
      '{"inboundNodeName":"PBX","outboundNodeName":"Carrier","routeName":"National","sipReasonPhrase":"OK","disconnectingSide":"inbound","inbound":{"codec":"PCMA","packetsSent":3000,"packetsReceived":2998,"packetsLost":2,"lossOccurrences":1,"jitterMs":2.5},"outbound":{"codec":"PCMA","packetsSent":2998,"packetsReceived":3000,"packetsLost":0,"lossOccurrences":0,"jitterMs":1.1},"mos":4.3,"attempts":[{"nodeId":"carrier-1","nodeName":"Carrier","destinationDialString":"+49301234","sipStatusCode":200}]}'::jsonb
    FROM generate_series(0, $4::int - 1) AS i`,
    [LAB, T0, SPACING_MS, calls],
  );
  await ds.query('INSERT INTO monitor.lab_usage (lab, calls, stored_bytes) VALUES ($1, $2, $3)', [
    LAB,
    calls,
    calls * 900,
  ]);
  // What autovacuum does to an insert-heavy table on its own (PostgreSQL 13+): statistics and the visibility map (index-only counts).
  await ds.query('VACUUM (ANALYZE) monitor.call_history');
  return Date.now() - started;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** callHistory/get's store query over `calls` stored calls: p50 and p95 of a few filters (through the adapter, rows mapped). */
export async function callHistoryBench(options: {
  databaseUrl: string | undefined;
  calls: number;
  runs?: number;
}): Promise<CallHistoryFigures> {
  const opened = await openMonitorKeepingData(options.databaseUrl);
  try {
    const database = new MonitorDatabase(opened.dataSource);
    const loadMs = await load(database, options.calls);
    const store = new TypeOrmMonitorRepository(database, new SwitchableMonitorAvailability());
    await store.open();
    const runs = options.runs ?? 100;
    let n = 0;
    const pick = (k: number) => {
      n = (n * 1103515245 + 12345) % 2147483648;
      return n % k;
    };
    const day = 86_400_000;
    const base: CallHistoryQuery = { matchMode: 'startswith', offset: 0, count: 100 };
    const cases: Array<{ name: string; query: () => CallHistoryQuery }> = [
      { name: 'no filter, newest 100', query: () => base },
      {
        name: 'one hour of a given day',
        query: () => {
          const from = T0 + pick(28) * day + pick(24) * 3_600_000;
          return { ...base, startFrom: new Date(from), startTo: new Date(from + 3_600_000) };
        },
      },
      {
        name: 'source dial string starts with (+4930 + 3 digits)',
        query: () => ({ ...base, sourceDialString: `+4930${String(pick(1000)).padStart(3, '0')}` }),
      },
      {
        name: 'destination dial string, exact',
        query: () => ({
          ...base,
          destinationDialString: `0${String((pick(options.calls) * 104729) % 1_000_000_000).padStart(9, '0')}`,
          matchMode: 'exact',
        }),
      },
      { name: 'inbound node (1 of 20), newest 100', query: () => ({ ...base, nodeId: `node-${pick(20)}` }) },
      {
        name: 'inbound node and result BUSY, newest 100',
        query: () => ({ ...base, nodeId: `node-${pick(20)}`, result: 'BUSY' }),
      },
      {
        name: 'outbound node (1 of 5) and status 486, newest 100',
        query: () => ({ ...base, nodeId: `carrier-${pick(5)}`, sipStatusCode: 486 }),
      },
      { name: 'session identifier', query: () => ({ ...base, sessionIdentifier: md5Hex(pick(options.calls)) }) },
      {
        name: 'one day, page 10 of 50 entries',
        query: () => {
          const from = T0 + pick(28) * day;
          return { ...base, startFrom: new Date(from), startTo: new Date(from + day), offset: 450, count: 50 };
        },
      },
    ];
    const filters: FilterFigures[] = [];
    for (const c of cases) {
      for (let i = 0; i < 5; i += 1) await store.queryCalls(LAB, c.query());
      const times: number[] = [];
      let totalCount = 0;
      for (let i = 0; i < runs; i += 1) {
        const query = c.query();
        const started = process.hrtime.bigint();
        totalCount = (await store.queryCalls(LAB, query)).totalCount;
        times.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
      times.sort((a, b) => a - b);
      filters.push({
        name: c.name,
        p50Ms: round(percentile(times, 50)),
        p95Ms: round(percentile(times, 95)),
        totalCount,
      });
    }
    return {
      store: opened.kind === 'server' ? 'PostgreSQL server' : 'embedded',
      calls: options.calls,
      loadMs,
      filters,
    };
  } finally {
    await opened.close();
  }
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}

function md5Hex(i: number): string {
  return (require('node:crypto') as typeof import('node:crypto')).createHash('md5').update(String(i)).digest('hex');
}
