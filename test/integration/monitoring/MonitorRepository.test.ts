import 'reflect-metadata';
import { expect } from 'chai';
import type { LabId } from '../../../src/shared/domain/LabId.js';
import {
  MonitorRepository,
  type LabRow,
} from '../../../src/contexts/monitoring/history/application/MonitorRepository.js';
import { MessageRows } from '../../../src/contexts/monitoring/history/application/MessageRows.js';
import { SwitchableMonitorAvailability } from '../../../src/contexts/monitoring/history/application/MonitorAvailability.js';
import { InMemoryMonitorRepository } from '../../../src/contexts/monitoring/history/infrastructure/memory/InMemoryMonitorRepository.js';
import { TypeOrmMonitorRepository } from '../../../src/contexts/monitoring/history/infrastructure/persistence/TypeOrmMonitorRepository.js';
import { MonitorDatabase } from '../../../src/contexts/monitoring/history/infrastructure/persistence/MonitorDatabase.js';
import {
  matchesQuery,
  newestFirst,
  type CallHistoryQuery,
} from '../../../src/contexts/monitoring/history/domain/CallHistoryQuery.js';
import type { CallHistoryEntry, CallResult } from '../../../src/contexts/monitoring/index.js';
import { storedMessage } from '../../../src/contexts/monitoring/history/domain/StoredMessage.js';
import { MonitorRecordMother } from '../../support/MonitorRecordMother.js';
import { monitorStoreTargets, type MonitorTestStore } from '../../support/testStores.js';

const LAB = 'default' as LabId;
const OTHER = 'other' as LabId;
const base: CallHistoryQuery = { matchMode: 'startswith', offset: 0, count: 100 };

const rows = <T>(lab: LabId, list: readonly T[]): LabRow<T>[] => list.map((row) => ({ lab, row }));

/** 120 calls with varied nodes, results, dial strings and times (some sharing a start time). */
function variedCalls(): CallHistoryEntry[] {
  const results: CallResult[] = ['ANSWERED', 'BUSY', 'NO_ANSWER', 'FAILED'];
  return MonitorRecordMother.calls(120, new Date('2026-03-01T08:00:00Z'), (i) => ({
    startDateTime: new Date(Date.parse('2026-03-01T08:00:00Z') + Math.floor(i / 2) * 60_000),
    inboundNodeId: i % 3 === 0 ? 'node-pbx' : 'node-teams',
    outboundNodeId: i % 5 === 0 ? undefined : i % 2 === 0 ? 'node-carrier-a' : 'node-carrier-b',
    outboundSourceDialString: i % 5 === 0 ? undefined : `+49309876${String(i).padStart(4, '0')}`,
    outboundDestinationDialString: i % 5 === 0 ? undefined : `+4930${String(1000 + i)}`,
    inboundDestinationDialString: `0030${String(1000 + i)}`,
    result: results[i % 4]!,
    sipStatusCode: [200, 486, 487, 503][i % 4]!,
    routeId: i % 7 === 0 ? undefined : `route-${i % 3}`,
    systemIdentifier: i % 4 === 1 ? 'gw-b' : 'gw-a',
    inboundSourceDialString: i === 7 ? '20%_\\x' : `20${String(i % 100).padStart(2, '0')}`,
  }));
}

interface Target {
  readonly name: string;
  setUp(): Promise<void>;
  make(): Promise<MonitorRepository>;
  reset(): Promise<void>;
  tearDown(): Promise<void>;
}

const targets: Target[] = [
  (() => {
    let store: InMemoryMonitorRepository;
    return {
      name: 'in-memory adapter',
      async setUp() {},
      async make() {
        store = new InMemoryMonitorRepository();
        await store.open();
        return store;
      },
      async reset() {},
      async tearDown() {},
    };
  })(),
  ...monitorStoreTargets().map((target): Target => {
    let opened: MonitorTestStore;
    return {
      name: `TypeORM adapter on ${target.name}`,
      async setUp() {
        opened = await target.open();
      },
      async make() {
        const store = new TypeOrmMonitorRepository(
          new MonitorDatabase(opened.dataSource),
          new SwitchableMonitorAvailability(),
        );
        await store.open();
        return store;
      },
      reset: () => opened.reset(),
      tearDown: () => opened.close(),
    };
  }),
];

for (const target of targets) {
  describe(`the monitor store: ${target.name}`, function () {
    this.timeout(60_000);
    let store: MonitorRepository;

    before(() => target.setUp());
    after(() => target.tearDown());
    beforeEach(async () => {
      await target.reset();
      store = await target.make();
    });

    it('answers the newest calls first with the total, and pages', async () => {
      const calls = MonitorRecordMother.calls(25);
      await store.insertCalls(rows(LAB, calls));
      const first = await store.queryCalls(LAB, { ...base, count: 10 });
      expect(first.totalCount).to.equal(25);
      expect(first.entries.map((e) => e.sessionIdentifier)).to.deep.equal(
        calls
          .slice(15)
          .reverse()
          .map((c) => c.sessionIdentifier),
      );
      const last = await store.queryCalls(LAB, { ...base, offset: 20, count: 10 });
      expect(last.entries.map((e) => e.sessionIdentifier)).to.deep.equal(
        calls
          .slice(0, 5)
          .reverse()
          .map((c) => c.sessionIdentifier),
      );
      expect((await store.queryCalls(OTHER, base)).totalCount).to.equal(0);
    });

    it('gives every field of an entry back as it was stored', async () => {
      const call = MonitorRecordMother.call({ recordingId: 'rec-1' });
      const unconnected = MonitorRecordMother.call({
        sessionIdentifier: 'never-left',
        startDateTime: new Date('2026-03-01T07:00:00Z'),
        connectDateTime: undefined,
        durationSeconds: 0,
        outboundNodeId: undefined,
        outboundNodeName: undefined,
        routingDomainId: undefined,
        routeId: undefined,
        routeName: undefined,
        outboundSourceDialString: undefined,
        outboundDestinationDialString: undefined,
        result: 'REJECTED',
        sipStatusCode: 404,
        sipReasonPhrase: 'Not Found',
        q850Cause: 3,
        disconnectingSide: 'gateway',
        inbound: undefined,
        outbound: undefined,
        mos: undefined,
        attempts: [],
      });
      await store.insertCalls(rows(LAB, [call, unconnected]));
      const { entries } = await store.queryCalls(LAB, base);
      expect(entries).to.deep.equal([call, unconnected]);
      expect(await store.callOf(LAB, 'never-left')).to.deep.equal(unconnected);
      expect(await store.callOf(LAB, 'nope')).to.equal(undefined);
    });

    it('answers each filter exactly as the filter predicate says', async () => {
      const calls = variedCalls();
      await store.insertCalls(rows(LAB, calls));
      await store.insertCalls(rows(OTHER, calls.slice(0, 10)));
      const queries: Array<Partial<CallHistoryQuery>> = [
        {},
        { startFrom: new Date('2026-03-01T08:10:00Z') },
        { startFrom: new Date('2026-03-01T08:10:00Z'), startTo: new Date('2026-03-01T08:30:00Z') },
        { sessionIdentifier: 'session-000042' },
        { systemIdentifier: 'gw-b' },
        { sourceDialString: '201' },
        { sourceDialString: '+49309876001' },
        { sourceDialString: '20%_\\' },
        { sourceDialString: '20%', matchMode: 'exact' },
        { sourceDialString: '98760', matchMode: 'contains' },
        { destinationDialString: '+4930105', matchMode: 'startswith' },
        { destinationDialString: '00301099', matchMode: 'exact' },
        { destinationDialString: '011', matchMode: 'contains' },
        { nodeId: 'node-carrier-b' },
        { nodeId: 'node-pbx', result: 'BUSY' },
        { routeId: 'route-1', sipStatusCode: 503 },
        { result: 'ANSWERED', offset: 5, count: 7 },
        { offset: 115, count: 10 },
      ];
      for (const q of queries) {
        const query = { ...base, ...q };
        const expected = calls.filter((c) => matchesQuery(c, query)).sort(newestFirst);
        const page = await store.queryCalls(LAB, query);
        expect(page.totalCount, JSON.stringify(q)).to.equal(expected.length);
        expect(
          page.entries.map((e) => e.sessionIdentifier),
          JSON.stringify(q),
        ).to.deep.equal(expected.slice(query.offset, query.offset + query.count).map((e) => e.sessionIdentifier));
      }
    });

    it('keeps the first of two calls with one session identifier, and counts rows and bytes per lab', async () => {
      await store.insertCalls(rows(LAB, [MonitorRecordMother.call()]));
      await store.insertCalls(rows(LAB, [MonitorRecordMother.call({ inboundSourceDialString: '9999' })]));
      await store.insertMessages(
        MessageRows.of(
          rows(
            LAB,
            MonitorRecordMother.messages('m1').map((m) => storedMessage(m, 16384)),
          ),
        ),
      );
      const { entries } = await store.queryCalls(LAB, base);
      expect(entries.map((e) => e.inboundSourceDialString)).to.deep.equal(['2001']);
      const usage = store.usage(LAB);
      expect(usage).to.include({ calls: 1, messages: 7, recordings: 0 });
      expect(usage.bytes).to.be.greaterThan(7 * 300);
      expect(store.usage(OTHER)).to.deep.equal({ calls: 0, messages: 0, recordings: 0, bytes: 0 });
      expect(store.labs()).to.include(LAB);
    });

    it("answers a session's messages in time order, one system's when asked, with what was cut", async () => {
      const a = MonitorRecordMother.messages('s1', 1_772_352_000_000_000, 'gw-a');
      const b = MonitorRecordMother.messages('s1', 1_772_352_000_500_000, 'gw-b').slice(0, 2);
      const long = storedMessage({ ...a[0]!, message: `${a[0]!.message}${'x'.repeat(2000)}\u0000` }, 512);
      await store.insertMessages(
        MessageRows.of(
          rows(
            LAB,
            [...[...a].reverse(), ...b].map((m) => storedMessage(m, 16384)),
          ),
        ),
      );
      await store.insertMessages(MessageRows.of(rows(LAB, [{ ...long, sessionIdentifier: 's2' }])));
      const all = await store.messagesOf(LAB, 's1');
      expect(all.map((m) => m.timestampMicros)).to.deep.equal(
        [...a, ...b].map((m) => m.timestampMicros).sort((x, y) => x - y),
      );
      expect(all[0]).to.deep.equal({ ...a[0]!, messageLength: a[0]!.message.length, truncated: false });
      expect((await store.messagesOf(LAB, 's1', 'gw-b')).map((m) => m.systemIdentifier)).to.deep.equal([
        'gw-b',
        'gw-b',
      ]);
      const [cut] = await store.messagesOf(LAB, 's2');
      expect(cut!.truncated).to.equal(true);
      expect(cut!.message).to.have.length(512);
      expect(cut!.messageLength).to.equal(long.messageLength);
      expect(await store.messagesOf(OTHER, 's1')).to.deep.equal([]);
    });

    it('stores a batch larger than one statement takes completely, in order', async () => {
      const many = Array.from({ length: 10_001 }, (_, i) =>
        storedMessage(
          { ...MonitorRecordMother.messages('big')[i % 7]!, timestampMicros: 1_772_352_000_000_000 + i },
          16384,
        ),
      );
      await store.insertMessages(MessageRows.of(rows(LAB, many)));
      expect(store.usage(LAB).messages).to.equal(10_001);
      const stored = await store.messagesOf(LAB, 'big');
      expect(stored).to.have.length(10_001);
      expect(stored.map((m) => m.timestampMicros)).to.deep.equal(many.map((m) => m.timestampMicros));
      expect(stored[10_000]).to.deep.equal(many[10_000]);
    });

    it("keeps a message's text as it was (on PostgreSQL NUL and lone surrogates as U+FFFD), and counts a mixed batch per lab", async () => {
      const [template] = MonitorRecordMother.messages('odd');
      const text = `INVITE sip:a@b SIP/2.0\r\nX-Odd: "quoted" \\ back\\slash\ttab é ☎ \u{1F4DE}\r\nX-Bad: a\u0000b \uD800c\r\n\r\n`;
      const odd = storedMessage({ ...template!, message: text }, 16384);
      await store.insertMessages(
        MessageRows.of([...rows(LAB, [odd]), ...rows(OTHER, [{ ...odd, sessionIdentifier: 'other' }])]),
      );
      const [stored] = await store.messagesOf(LAB, 'odd');
      // PostgreSQL text holds neither; the in-memory adapter (no such limit) keeps the text exactly
      expect(stored!.message).to.equal(
        store instanceof InMemoryMonitorRepository
          ? text
          : text.replace('\u0000', '\uFFFD').replace('\uD800', '\uFFFD'),
      );
      expect(stored!.messageLength).to.equal(text.length);
      expect(store.usage(LAB).messages).to.equal(1);
      expect(store.usage(OTHER).messages).to.equal(1);
      expect(await store.messagesOf(OTHER, 'other')).to.have.length(1);
    });

    it('keeps recording descriptions', async () => {
      const recording = MonitorRecordMother.recording();
      await store.insertRecordings(rows(LAB, [recording]));
      expect(await store.recording(LAB, 'rec-0001')).to.deep.equal(recording);
      expect(await store.recording(LAB, 'rec-0002')).to.equal(undefined);
      expect(store.usage(LAB).recordings).to.equal(1);
    });

    it('trims the oldest calls beyond the maximum with their messages and recordings, and the counters follow', async () => {
      const calls = MonitorRecordMother.calls(30, new Date('2026-03-01T08:00:00Z'), (i) => ({
        recordingId: `rec-${i}`,
      }));
      await store.insertCalls(rows(LAB, [...calls].reverse()));
      await store.insertMessages(
        MessageRows.of(
          rows(
            LAB,
            calls.flatMap((c) => MonitorRecordMother.messages(c.sessionIdentifier)).map((m) => storedMessage(m, 16384)),
          ),
        ),
      );
      await store.insertRecordings(
        rows(
          LAB,
          calls.map((c, i) =>
            MonitorRecordMother.recording({ recordingId: `rec-${i}`, sessionIdentifier: c.sessionIdentifier }),
          ),
        ),
      );
      await store.insertCalls(rows(OTHER, calls.slice(0, 5)));
      const before = store.usage(LAB).bytes;

      expect(await store.trimCalls(LAB, 20, 4)).to.deep.equal({ calls: 4, messages: 28, recordings: 4 });
      expect(await store.trimCalls(LAB, 20, 100)).to.deep.equal({ calls: 6, messages: 42, recordings: 6 });
      expect(await store.trimCalls(LAB, 20, 100)).to.deep.equal({ calls: 0, messages: 0, recordings: 0 });

      const left = await store.queryCalls(LAB, { ...base, count: 100 });
      expect(left.totalCount).to.equal(20);
      expect(left.entries.at(-1)!.sessionIdentifier).to.equal(calls[10]!.sessionIdentifier);
      expect(await store.messagesOf(LAB, calls[9]!.sessionIdentifier)).to.deep.equal([]);
      expect(await store.messagesOf(LAB, calls[10]!.sessionIdentifier)).to.have.length(7);
      expect(await store.recording(LAB, 'rec-9')).to.equal(undefined);
      expect(store.usage(LAB)).to.include({ calls: 20, messages: 140, recordings: 20 });
      expect(store.usage(LAB).bytes).to.be.lessThan(before);
      expect(store.usage(OTHER).calls).to.equal(5);
    });

    it("trims no more than the maximum asks when another process's store on the same database trims too, on counters of its own", async function () {
      if (store instanceof InMemoryMonitorRepository) this.skip(); // one process's memory: no other store shares it
      const other = await target.make(); // opened before any row: its counters know none of what follows
      const calls = MonitorRecordMother.calls(60, new Date('2026-03-01T08:00:00Z'));
      await store.insertCalls(rows(LAB, calls.slice(0, 30)));
      await other.open(); // both stores count 30 now
      expect(await store.trimCalls(LAB, 20, 100)).to.include({ calls: 10 });
      expect(other.usage(LAB).calls, "the other store's counters still say 30").to.equal(30);
      expect(await other.trimCalls(LAB, 20, 100), 'the other store sees what the first left').to.include({ calls: 0 });

      await store.insertCalls(rows(LAB, calls.slice(30)));
      await other.open();
      await store.open(); // both count 50, and trim to 20 at once
      const both = await Promise.all([store.trimCalls(LAB, 20, 100), other.trimCalls(LAB, 20, 100)]);
      expect(both[0].calls + both[1].calls).to.equal(30);
      const fresh = await target.make();
      expect(fresh.usage(LAB).calls).to.equal(20);
      const left = await fresh.queryCalls(LAB, { ...base, count: 100 });
      expect(left.totalCount).to.equal(20);
      expect(left.entries.at(-1)!.sessionIdentifier, 'the oldest were trimmed').to.equal(calls[40]!.sessionIdentifier);
    });

    it('reads its counters back when opened again', async () => {
      await store.insertCalls(rows(LAB, MonitorRecordMother.calls(3)));
      const usage = store.usage(LAB);
      if (store instanceof InMemoryMonitorRepository) return; // nothing outlives the in-memory adapter
      const again = await target.make();
      expect(again.usage(LAB)).to.deep.equal(usage);
    });
  });
}
