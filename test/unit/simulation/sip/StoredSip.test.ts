import { expect } from 'chai';
import { DEFAULT_LAB } from '../../../../src/shared/domain/LabId.js';
import { InMemorySettingsRepository } from '../../../../src/shared/infrastructure/memory/InMemorySettingsRepository.js';
import { InMemoryUnitOfWork } from '../../../../src/shared/infrastructure/memory/InMemoryUnitOfWork.js';
import { ManualClock } from '../../../../src/shared/infrastructure/ManualClock.js';
import { SipDefaults } from '../../../../src/contexts/simulation/sip/application/SipDefaults.js';
import { StoredSip } from '../../../../src/contexts/simulation/sip/application/StoredSip.js';
import { DEFAULT_REGISTRAR_GUARD } from '../../../../src/contexts/simulation/sip/domain/RegistrarGuardSettings.js';

/** The fields a lab's setting has besides the ones a test looks at, at their defaults. */
const REST = {
  setupTimeoutSeconds: 181,
  outsidePeers: {},
  registrarGuard: DEFAULT_REGISTRAR_GUARD,
  supervision: true,
};

function stored(enabledByDefault: boolean): StoredSip {
  return new StoredSip(
    new InMemorySettingsRepository(new ManualClock(new Date('2026-01-01T00:00:00Z'))),
    new InMemoryUnitOfWork(),
    new SipDefaults(enabledByDefault),
  );
}

describe("each lab's SIP setting in the settings store (StoredSip)", () => {
  it('a lab that never set it follows the process default; a saved setting stands whatever the default', async () => {
    expect(await stored(false).read(DEFAULT_LAB)).to.deep.equal({
      enabled: false,
      portOffset: 0,
      farEnds: {},
      ...REST,
    });
    const on = stored(true);
    expect(await on.read(DEFAULT_LAB)).to.deep.equal({ enabled: true, portOffset: 0, farEnds: {}, ...REST });
    expect(await on.isSet(DEFAULT_LAB)).to.equal(false);
    await on.change(DEFAULT_LAB, { enabled: false, farEnds: { n1: 'real' } });
    expect(await on.read(DEFAULT_LAB)).to.deep.equal({
      enabled: false,
      portOffset: 0,
      farEnds: { n1: 'real' },
      ...REST,
    });
    expect(await on.isSet(DEFAULT_LAB)).to.equal(true);
  });

  it('restore puts back what a change replaced, a never-set setting included', async () => {
    const sip = stored(true);
    const first = await sip.change(DEFAULT_LAB, { portOffset: 10 });
    expect(first.before.setting).to.equal(undefined);
    expect(await sip.restore(DEFAULT_LAB, first)).to.equal(true);
    expect(await sip.isSet(DEFAULT_LAB), 'back to following the process default').to.equal(false);
    expect(await sip.read(DEFAULT_LAB)).to.deep.equal({ enabled: true, portOffset: 0, farEnds: {}, ...REST });
  });

  it('keeps what each node does with outsiders and the registrar guard, field by field', async () => {
    const sip = stored(false);
    await sip.change(DEFAULT_LAB, { outsidePeers: { n1: 'forbid' }, registrarGuard: { attemptsUntilBlocked: 3 } });
    await sip.change(DEFAULT_LAB, { registrarGuard: { minDelayMs: 0 } });
    expect(await sip.read(DEFAULT_LAB)).to.deep.include({
      outsidePeers: { n1: 'forbid' },
      registrarGuard: { ...DEFAULT_REGISTRAR_GUARD, attemptsUntilBlocked: 3, minDelayMs: 0 },
    });
  });

  it('restore leaves a later change standing', async () => {
    const sip = stored(false);
    const first = await sip.change(DEFAULT_LAB, { enabled: true, portOffset: 10 });
    await sip.change(DEFAULT_LAB, { portOffset: 20 });
    expect(await sip.restore(DEFAULT_LAB, first)).to.equal(false);
    expect(await sip.read(DEFAULT_LAB)).to.deep.include({ enabled: true, portOffset: 20 });
  });
});
