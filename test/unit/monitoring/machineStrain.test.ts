import { expect } from 'chai';
import { MachineStrain } from '../../../src/contexts/monitoring/resources/application/MachineStrain.js';
import { StrainedResourceReadings } from '../../../src/contexts/monitoring/resources/application/ResourceReadings.js';
import type { ReadResourceUsage } from '../../../src/contexts/monitoring/resources/application/ReadResourceUsage.js';
import { DiskGuardedMonitorSinks } from '../../../src/contexts/monitoring/history/application/DiskGuardedMonitorSinks.js';
import type { BatchingMonitorSinks } from '../../../src/contexts/monitoring/history/application/BatchingMonitorSinks.js';
import type { CallHistoryEntry, RecordingEntry, SipMessageEntry } from '../../../src/contexts/monitoring/index.js';
import type { LabId } from '../../../src/shared/domain/LabId.js';
import { RecordingSinks } from '../../support/simulation/RecordingSinks.js';

const LAB = 'default' as LabId;
const OTHER = 'other' as LabId;
const hold = (strain: MachineStrain, ...faults: Array<[string, Record<string, number>?]>) =>
  strain.hold(
    LAB,
    faults.map(([kind, parameters], i) => ({ ruleId: `r${i}`, kind, parameters: parameters ?? {} })),
  );

describe('gateway faults on the machine: diskFull and cpuOverload', () => {
  const machine = {
    execute: () => ({ disk: { total: 1000, used: 200 }, cpu: 4, ram: { total: 800, used: 300 } }),
  } as unknown as ReadResourceUsage;

  it('resources read the disk full and the CPU load while the rules hold, as they were after', () => {
    const strain = new MachineStrain();
    const readings = new StrainedResourceReadings(machine, strain);
    expect(readings.read(LAB)).to.deep.equal(machine.execute(LAB));
    hold(strain, ['diskFull'], ['cpuOverload', { loadPercent: 95 }], ['cpuOverload', { loadPercent: 90 }]);
    expect(readings.read(LAB)).to.deep.equal({
      disk: { total: 1000, used: 1000 },
      cpu: 95,
      ram: { total: 800, used: 300 },
    });
    expect(readings.read(OTHER)).to.deep.equal(machine.execute(OTHER));
    hold(strain, ['cpuOverload', { loadPercent: 90 }]);
    expect(readings.read(LAB)).to.deep.equal({
      disk: { total: 1000, used: 200 },
      cpu: 90,
      ram: { total: 800, used: 300 },
    });
    hold(strain);
    expect(readings.read(LAB)).to.deep.equal(machine.execute(LAB));
    expect(strain.cpuLoad(LAB)).to.equal(undefined);
  });

  it('a full disk drops the call history, SIP message and recording writes and counts them; writing resumes after', () => {
    const strain = new MachineStrain();
    const inner = new RecordingSinks();
    const sinks = new DiskGuardedMonitorSinks(inner as unknown as BatchingMonitorSinks, strain);
    const call = { sessionIdentifier: 's1' } as CallHistoryEntry;
    const message = { sessionIdentifier: 's1' } as SipMessageEntry;
    const recording = { recordingId: 'rec-s1' } as RecordingEntry;
    hold(strain, ['diskFull']);
    sinks.recordCall(LAB, call);
    sinks.recordMessages(LAB, [message, message]);
    sinks.recordRecording(LAB, recording);
    sinks.recordCall(OTHER, call);
    expect(sinks.keepsMessages(LAB)).to.equal(true);
    expect(sinks.dropped()).to.deep.equal({ calls: 1, messages: 2, recordings: 1 });
    expect(inner.calls).to.have.length(1); // the other lab's disk has room
    hold(strain);
    sinks.recordCall(LAB, call);
    sinks.recordMessages(LAB, [message]);
    sinks.recordRecording(LAB, recording);
    expect([inner.calls.length, inner.messages.length, inner.recordings.length]).to.deep.equal([2, 1, 1]);
    expect(sinks.dropped()).to.deep.equal({ calls: 1, messages: 2, recordings: 1 });
  });
});
