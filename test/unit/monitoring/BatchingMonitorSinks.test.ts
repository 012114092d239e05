import { expect } from 'chai';
import { MonitorTuning } from '../../../src/contexts/monitoring/history/application/MonitorTuning.js';
import { MonitorRecordMother } from '../../support/MonitorRecordMother.js';
import { LAB, OTHER, monitorFixture, sleep } from './monitorFixture.js';

const base = { matchMode: 'startswith' as const, offset: 0, count: 10_000 };

describe("the monitor's batching sinks", () => {
  it('write N calls as ⌈N/500⌉ INSERTs, one per batch of 500', async () => {
    const { sinks, store } = monitorFixture(new MonitorTuning(100, 500));
    for (const call of MonitorRecordMother.calls(1250)) sinks.recordCall(LAB, call);
    await sinks.flush();
    expect(store.statements.calls).to.equal(3);
    expect(store.usage(LAB).calls).to.equal(1250);
    expect(sinks.counters()).to.deep.include({ batches: 3, pendingRows: 0 });
  });

  it('write the messages of a batch as one INSERT, whatever calls they came in', async () => {
    const { sinks, store } = monitorFixture(new MonitorTuning(100, 500));
    for (let i = 0; i < 40; i += 1) sinks.recordMessages(LAB, MonitorRecordMother.messages(`s${i}`));
    sinks.recordCall(LAB, MonitorRecordMother.call());
    await sinks.flush();
    expect(store.statements).to.deep.equal({ calls: 1, messages: 1, recordings: 0 });
    expect(store.usage(LAB).messages).to.equal(280);
  });

  it('write what they hold every 100 ms once started, without anyone asking', async () => {
    const { sinks, store } = monitorFixture();
    await sinks.start();
    try {
      sinks.recordCall(LAB, MonitorRecordMother.call());
      sinks.recordMessages(LAB, MonitorRecordMother.messages('s1'));
      expect(store.usage(LAB).calls, 'nothing is written while the caller waits').to.equal(0);
      await sleep(350);
      expect(store.usage(LAB)).to.include({ calls: 1, messages: 7 });
      expect(store.statements).to.include({ calls: 1, messages: 1 });
    } finally {
      await sinks.stop();
    }
  });

  it('write everything they hold on stop, and keep nothing afterwards', async () => {
    const { sinks, store } = monitorFixture();
    await sinks.start();
    for (const call of MonitorRecordMother.calls(10)) sinks.recordCall(LAB, call);
    sinks.recordRecording(LAB, MonitorRecordMother.recording());
    await sinks.stop();
    expect(store.usage(LAB)).to.include({ calls: 10, recordings: 1 });
    sinks.recordCall(LAB, MonitorRecordMother.call({ sessionIdentifier: 'late' }));
    await sinks.flush();
    expect(store.usage(LAB).calls).to.equal(10);
    expect(sinks.counters().dropped.calls).to.equal(1);
    expect(sinks.keepsMessages(LAB)).to.equal(false);
  });

  it('never grow without bound when the store is slower than the traffic: the oldest SIP messages go first, counted', async () => {
    const { sinks, store } = monitorFixture(new MonitorTuning(100, 500, 1000));
    store.hold();
    for (const call of MonitorRecordMother.calls(300)) sinks.recordCall(LAB, call);
    const sessions = Array.from({ length: 300 }, (_, i) => `s${String(i).padStart(3, '0')}`);
    const started = Date.now();
    for (const session of sessions) sinks.recordMessages(LAB, MonitorRecordMother.messages(session));
    expect(Date.now() - started, 'the caller never waits for the store').to.be.lessThan(500);
    const counters = sinks.counters();
    expect(counters.pendingRows).to.be.at.most(1000);
    // 300 calls and 2,100 messages offered; the first batch (the 300 calls and the first 504 messages) is being written
    expect(counters.dropped.calls).to.equal(0);
    expect(counters.dropped.messages).to.be.greaterThan(0);
    store.letGo();
    await sinks.flush();
    const after = sinks.counters();
    expect(store.usage(LAB).calls).to.equal(300);
    expect(store.usage(LAB).messages + after.dropped.messages).to.equal(2100);
    // the newest sessions' messages are all kept, the oldest dropped
    expect(await store.messagesOf(LAB, 's299')).to.have.length(7);
    expect(await store.messagesOf(LAB, 's100')).to.have.length(0);
  });

  it('try a failed write once more, then drop its rows with a log line', async () => {
    const { sinks, store, logger } = monitorFixture();
    store.failures = 1;
    sinks.recordCall(LAB, MonitorRecordMother.call());
    await sinks.flush();
    expect(store.usage(LAB).calls, 'the second try stored it').to.equal(1);
    expect(logger.errors).to.have.length(0);

    store.failures = 2;
    sinks.recordCall(LAB, MonitorRecordMother.call({ sessionIdentifier: 'lost' }));
    await sinks.flush();
    expect(store.usage(LAB).calls).to.equal(1);
    expect(sinks.counters().dropped.calls).to.equal(1);
    expect(logger.errors.map((e) => e.message)).to.deep.equal([
      'the monitor could not store a batch twice: its rows are dropped',
    ]);
  });

  it('keep nothing of a lab whose monitor is unreachable, counting the drops, and go on for the others', async () => {
    const { sinks, store, availability } = monitorFixture();
    availability.setUnreachable(LAB, 'switched off by a fault');
    expect(sinks.keepsMessages(LAB)).to.equal(false);
    expect(sinks.keepsMessages(OTHER)).to.equal(true);
    sinks.recordCall(LAB, MonitorRecordMother.call());
    sinks.recordMessages(LAB, MonitorRecordMother.messages('s1'));
    sinks.recordCall(OTHER, MonitorRecordMother.call());
    await sinks.flush();
    expect(store.usage(LAB).calls).to.equal(0);
    expect(store.usage(OTHER).calls).to.equal(1);
    expect(sinks.counters().dropped).to.deep.equal({ calls: 1, messages: 7, recordings: 0 });
    availability.setUnreachable(LAB, undefined);
    sinks.recordCall(LAB, MonitorRecordMother.call());
    await sinks.flush();
    expect(store.usage(LAB).calls).to.equal(1);
  });

  it('store no SIP message while SIP flow recording is off, and say so', async () => {
    const { sinks, store, sipFlowConfigs } = monitorFixture();
    await sipFlowConfigs.set(LAB, { enabled: false, maximumMessageLength: 16384 });
    expect(sinks.keepsMessages(LAB)).to.equal(false);
    sinks.recordMessages(LAB, MonitorRecordMother.messages('s1'));
    sinks.recordCall(LAB, MonitorRecordMother.call());
    await sinks.flush();
    expect(store.usage(LAB)).to.include({ calls: 1, messages: 0 });
    expect(sinks.counters().notKept.messages).to.equal(7);
  });

  it('honour settings saved before they were read, even for rows queued before the read', async () => {
    const { sinks, store, unitOfWork, callHistorySetting } = monitorFixture();
    // saved by another gateway on the same settings store: this one has not read them yet
    await unitOfWork.write(LAB, () => callHistorySetting.save(LAB, { enabled: false, maximumRecords: 500_000 }, 0));
    sinks.recordCall(LAB, MonitorRecordMother.call());
    await sinks.flush();
    expect(store.usage(LAB).calls).to.equal(0);
    expect(sinks.counters().notKept.calls).to.equal(1);
  });

  it('cut each message to the configured length and mark it truncated', async () => {
    const { sinks, store, sipFlowConfigs } = monitorFixture();
    await sipFlowConfigs.set(LAB, { enabled: true, maximumMessageLength: 512 });
    const [invite] = MonitorRecordMother.messages('s1');
    sinks.recordMessages(LAB, [{ ...invite!, message: `${invite!.message}${'a'.repeat(1000)}` }]);
    await sinks.flush();
    const [stored] = await store.messagesOf(LAB, 's1');
    expect(stored).to.include({ truncated: true, messageLength: invite!.message.length + 1000 });
    expect(stored!.message).to.have.length(512);
    expect((await store.queryCalls(LAB, base)).totalCount).to.equal(0);
  });
});
