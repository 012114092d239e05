import 'reflect-metadata';
import { expect } from 'chai';
import { SwitchableMonitorAvailability } from '../../../src/contexts/monitoring/history/application/MonitorAvailability.js';
import { MonitorRetention } from '../../../src/contexts/monitoring/history/application/MonitorRetention.js';
import { MonitorTuning } from '../../../src/contexts/monitoring/history/application/MonitorTuning.js';
import { MonitorDatabase } from '../../../src/contexts/monitoring/history/infrastructure/persistence/MonitorDatabase.js';
import { TypeOrmMonitorRepository } from '../../../src/contexts/monitoring/history/infrastructure/persistence/TypeOrmMonitorRepository.js';
import { MonitorRecordMother } from '../../support/MonitorRecordMother.js';
import { SilentLogger } from '../../support/SilentLogger.js';
import { monitorStoreTargets, type MonitorTestStore } from '../../support/testStores.js';
import { LAB, monitorFixture } from '../../unit/monitoring/monitorFixture.js';

/**
 * Retention in a process that shares the monitor's database with another (several processes on one server): the
 * other process stored the rows, so this one's counters know none of them until its retention pass reads them again.
 */
for (const target of monitorStoreTargets()) {
  describe(`monitor retention beside another process's store: ${target.name}`, function () {
    this.timeout(60_000);
    let opened: MonitorTestStore;

    before(async () => {
      opened = await target.open();
    });
    after(() => opened.close());

    it('reads the counters again before trimming: rows another store wrote are trimmed to the maximum and counted', async () => {
      const availability = new SwitchableMonitorAvailability();
      const store = () => new TypeOrmMonitorRepository(new MonitorDatabase(opened.dataSource), availability);
      const writer = store();
      const trimmer = store();
      await writer.open();
      await trimmer.open();
      const { cache, callHistoryConfigs } = monitorFixture();
      await callHistoryConfigs.set(LAB, { enabled: true, maximumRecords: 10_000 });
      const calls = MonitorRecordMother.calls(10_030);
      await writer.insertCalls(calls.map((row) => ({ lab: LAB, row })));
      expect(trimmer.usage(LAB).calls, 'the trimming process has not read them yet').to.equal(0);

      await new MonitorRetention(trimmer, availability, cache, new MonitorTuning(), new SilentLogger()).runOnce();

      expect(trimmer.usage(LAB).calls).to.equal(10_000);
      const left = await trimmer.queryCalls(LAB, { matchMode: 'startswith', offset: 0, count: 1 });
      expect(left.totalCount).to.equal(10_000);
      expect(await trimmer.callOf(LAB, calls[29]!.sessionIdentifier), 'the oldest went').to.equal(undefined);
      expect(await trimmer.callOf(LAB, calls[30]!.sessionIdentifier)).to.not.equal(undefined);
    });
  });
}
