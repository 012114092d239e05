import 'reflect-metadata';
import { expect } from 'chai';
import { buildContainer } from '../../../src/app/container.js';
import { BatchingMonitorSinks } from '../../../src/contexts/monitoring/history/application/BatchingMonitorSinks.js';
import { LiveSessions, LoadGauge } from '../../../src/contexts/monitoring/index.js';
import { ReadResourceUsage } from '../../../src/contexts/monitoring/resources/application/ReadResourceUsage.js';
import type { LabId } from '../../../src/shared/domain/LabId.js';
import { SeededRandom } from '../../../src/shared/domain/SeededRandom.js';
import { MonitorRecordMother } from '../../support/MonitorRecordMother.js';
import { SilentLogger } from '../../support/SilentLogger.js';
import { testConfig } from '../../support/testConfig.js';

const LAB = 'default' as LabId;

function container(live?: () => number) {
  const built = buildContainer({
    config: testConfig(),
    logger: new SilentLogger(),
    dataSource: undefined,
    embedded: true,
    random: new SeededRandom(3),
  });
  if (live) {
    // in place of the simulation context's count, a count the test sets
    built.unbind(LiveSessions);
    built.bind(LiveSessions).toConstantValue({ count: live });
  }
  return built;
}

describe('resources/get driven by the load', () => {
  it('reads an idle gateway while no traffic runs', () => {
    const usage = container().get(ReadResourceUsage).execute(LAB);
    expect(usage.cpu).to.be.at.most(5);
  });

  it('grows CPU and RAM with the live sessions LiveSessions reports, and RAM with what waits to be stored', () => {
    let sessions = 0;
    const built = container(() => sessions);
    const read = built.get(ReadResourceUsage);
    const idle = read.execute(LAB);
    sessions = 200;
    const busy = read.execute(LAB);
    expect(busy.cpu).to.be.greaterThan(idle.cpu + 50);
    expect(busy.ram.used).to.be.greaterThan(idle.ram.used + 400 * 1024 ** 2);
    sessions = 0;
    const sinks = built.get(BatchingMonitorSinks);
    for (let i = 0; i < 300; i += 1) sinks.recordMessages(LAB, MonitorRecordMother.messages(`s${i}`));
    const waiting = sinks.counters().pendingRows;
    expect(waiting, 'of 2,100 messages, those not yet handed to the store').to.be.greaterThan(1000);
    expect(built.get(LoadGauge).bufferedBytes()).to.equal(waiting * 1500);
    expect(read.execute(LAB).cpu).to.be.at.most(5);
  });
});
