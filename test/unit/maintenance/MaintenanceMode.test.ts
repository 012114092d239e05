import 'reflect-metadata';
import { expect } from 'chai';
import { DomainError } from '../../../src/shared/domain/DomainError.js';
import type { DomainEvent } from '../../../src/shared/domain/DomainEvent.js';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import { InMemoryEventBus } from '../../../src/shared/infrastructure/InMemoryEventBus.js';
import { ManualClock } from '../../../src/shared/infrastructure/ManualClock.js';
import { InMemorySettingsRepository } from '../../../src/shared/infrastructure/memory/InMemorySettingsRepository.js';
import { InMemoryUnitOfWork } from '../../../src/shared/infrastructure/memory/InMemoryUnitOfWork.js';
import { GetMaintenanceMode } from '../../../src/contexts/maintenance/mode/application/GetMaintenanceMode.js';
import { MaintenanceModeSetting } from '../../../src/contexts/maintenance/mode/application/MaintenanceModeSetting.js';
import { SetMaintenanceMode } from '../../../src/contexts/maintenance/mode/application/SetMaintenanceMode.js';
import { MaintenanceMode } from '../../../src/contexts/maintenance/mode/domain/MaintenanceMode.js';
import { SilentLogger } from '../../support/SilentLogger.js';

describe('maintenance mode', () => {
  const T0 = new Date('2026-03-01T08:00:00.000Z');
  let clock: ManualClock;
  let setMode: SetMaintenanceMode;
  let getMode: GetMaintenanceMode;
  let seen: Array<{ active: boolean; at: string }>;

  beforeEach(() => {
    clock = new ManualClock(T0);
    const unitOfWork = new InMemoryUnitOfWork();
    const events = new InMemoryEventBus(new SilentLogger());
    const modes = new MaintenanceModeSetting(new InMemorySettingsRepository(clock));
    setMode = new SetMaintenanceMode(unitOfWork, modes, events, clock);
    getMode = new GetMaintenanceMode(unitOfWork, modes);
    seen = [];
    events.subscribe<DomainEvent & { active: boolean }>('MaintenanceModeChanged', async (e) => {
      seen.push({ active: e.active, at: e.occurredAt.toISOString() });
    });
  });

  it('is off at version 0 on a new lab', async () => {
    const mode = await getMode.execute(DEFAULT_LAB);
    expect([mode.value.state, mode.version]).to.deep.equal([{ modeActive: false, changedAt: undefined }, 0]);
  });

  it('raises MaintenanceModeChanged when it changes, none when set to the value it has (which still counts as a save)', async () => {
    await setMode.execute(DEFAULT_LAB, true);
    clock.advance(60_000);
    const again = await setMode.execute(DEFAULT_LAB, true);
    clock.advance(60_000);
    await setMode.execute(DEFAULT_LAB, false);
    expect(seen).to.deep.equal([
      { active: true, at: '2026-03-01T08:00:00.000Z' },
      { active: false, at: '2026-03-01T08:02:00.000Z' },
    ]);
    expect([again.version, again.value.changedAt?.toISOString()]).to.deep.equal([2, '2026-03-01T08:00:00.000Z']);
    const now = await getMode.execute(DEFAULT_LAB);
    expect([now.value.state, now.version]).to.deep.equal([
      { modeActive: false, changedAt: new Date('2026-03-01T08:02:00.000Z') },
      3,
    ]);
  });

  it('refuses a set whose expected version is stale with STALE_VERSION, raising nothing and changing nothing', async () => {
    await setMode.execute(DEFAULT_LAB, true, 0);
    let error: unknown;
    try {
      await setMode.execute(DEFAULT_LAB, false, 0);
    } catch (e) {
      error = e;
    }
    expect([(error as DomainError).code, (error as DomainError).message]).to.deep.equal([
      'STALE_VERSION',
      "Maintenance mode 'default' was changed by another request; read it again and retry",
    ]);
    expect(seen).to.have.length(1);
    expect((await getMode.execute(DEFAULT_LAB)).value.active).to.equal(true);
  });

  it('is rebuilt only from a state that holds: a boolean modeActive and a real time', () => {
    const restored = MaintenanceMode.restore(DEFAULT_LAB, { modeActive: true, changedAt: T0 });
    expect(restored.state).to.deep.equal({ modeActive: true, changedAt: T0 });
    const refusal = (state: unknown) => {
      try {
        MaintenanceMode.restore(DEFAULT_LAB, state as never);
      } catch (e) {
        return (e as DomainError).details.map((d) => d.field);
      }
      return [];
    };
    expect(refusal({ modeActive: 'yes', changedAt: undefined })).to.deep.equal(['modeActive']);
    expect(refusal({ modeActive: false, changedAt: new Date('not a time') })).to.deep.equal(['changedAt']);
  });
});
