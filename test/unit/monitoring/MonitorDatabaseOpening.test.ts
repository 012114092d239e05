import { expect } from 'chai';
import type { DataSource } from 'typeorm';
import { MonitorDatabase } from '../../../src/contexts/monitoring/history/infrastructure/persistence/MonitorDatabase.js';
import { TypeOrmMonitorRepository } from '../../../src/contexts/monitoring/history/infrastructure/persistence/TypeOrmMonitorRepository.js';
import { SwitchableMonitorAvailability } from '../../../src/contexts/monitoring/history/application/MonitorAvailability.js';
import { labId } from '../../../src/shared/domain/LabId.js';

/** A DataSource that only records the statements it is given. */
function recordingDataSource(): { dataSource: DataSource; statements: string[] } {
  const statements: string[] = [];
  const dataSource = {
    isInitialized: true,
    query: (sql: string) => {
      statements.push(sql);
      return Promise.resolve([]);
    },
  } as unknown as DataSource;
  return { dataSource, statements };
}

describe('the monitor store while it opens', () => {
  it('sends no statement before its schema is up to date (a lab removed during start-up waits for it)', async () => {
    const { dataSource, statements } = recordingDataSource();
    let open!: () => void;
    const database = new MonitorDatabase(
      dataSource,
      new Promise<void>((resolve) => {
        open = resolve;
      }),
    );
    const store = new TypeOrmMonitorRepository(database, new SwitchableMonitorAvailability());

    let forgotten = false;
    const forgetting = store.forgetLab(labId('exercise')).then(() => {
      forgotten = true;
    });
    await new Promise((next) => setTimeout(next, 20));
    expect(statements, 'nothing reaches the store while its migrations may run').to.deep.equal([]);
    expect(database.isOpen).to.equal(false);
    expect(forgotten).to.equal(false);

    open();
    await forgetting;
    expect(database.isOpen).to.equal(true);
    expect(statements.map((sql) => sql.split(' WHERE')[0])).to.deep.equal([
      'DELETE FROM monitor.sip_message',
      'DELETE FROM monitor.recording',
      'DELETE FROM monitor.call_history',
      'DELETE FROM monitor.lab_usage',
    ]);
  });
});
