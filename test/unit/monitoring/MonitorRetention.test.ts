import { expect } from 'chai';
import { MonitorTuning } from '../../../src/contexts/monitoring/history/application/MonitorTuning.js';
import { MonitorRecordMother } from '../../support/MonitorRecordMother.js';
import { LAB, OTHER, monitorFixture, sleep } from './monitorFixture.js';

describe('monitor retention', () => {
  it('deletes the oldest calls beyond the configured maximum, in chunks, with their messages', async () => {
    const { sinks, store, retention, callHistoryConfigs } = monitorFixture(
      new MonitorTuning(100, 500, 100_000, 2000, 30),
    );
    const calls = MonitorRecordMother.calls(10_100);
    for (const call of calls) sinks.recordCall(LAB, call);
    sinks.recordMessages(LAB, MonitorRecordMother.messages(calls[0]!.sessionIdentifier));
    sinks.recordMessages(LAB, MonitorRecordMother.messages(calls[100]!.sessionIdentifier));
    for (const call of calls.slice(0, 50)) sinks.recordCall(OTHER, call);
    await sinks.flush();

    await retention.runOnce();
    expect(store.usage(LAB).calls, 'the default maximum (500,000) is not reached').to.equal(10_100);

    await callHistoryConfigs.set(LAB, { enabled: true, maximumRecords: 10_000 });
    await retention.runOnce();
    expect(store.usage(LAB)).to.include({ calls: 10_000, messages: 7 });
    expect(await store.callOf(LAB, calls[99]!.sessionIdentifier)).to.equal(undefined);
    expect(await store.callOf(LAB, calls[100]!.sessionIdentifier)).to.not.equal(undefined);
    expect(await store.messagesOf(LAB, calls[0]!.sessionIdentifier)).to.deep.equal([]);
    expect(store.usage(OTHER).calls).to.equal(50);
  });

  it('runs by itself every few seconds once started, and probes a store marked unreachable', async () => {
    const { sinks, store, retention, callHistoryConfigs, availability } = monitorFixture(
      new MonitorTuning(100, 500, 100_000, 50, 5000),
    );
    for (const call of MonitorRecordMother.calls(10_010)) sinks.recordCall(LAB, call);
    await sinks.flush();
    await callHistoryConfigs.set(LAB, { enabled: true, maximumRecords: 10_000 });
    availability.storeUnreachable('connection refused');
    await retention.start();
    try {
      await sleep(300);
      expect(availability.storeDown(), 'the store answered the probe').to.equal(false);
      expect(store.usage(LAB).calls).to.equal(10_000);
    } finally {
      await retention.stop();
    }
  });
});
