import 'reflect-metadata';
import { expect } from 'chai';
import { createSelfSigned, parsePem, type GeneratedIdentity } from '@gwsim/x509';
import { DomainError } from '../../../src/shared/domain/DomainError.js';
import { DEFAULT_LAB, labId } from '../../../src/shared/domain/LabId.js';
import { InMemoryEventBus } from '../../../src/shared/infrastructure/InMemoryEventBus.js';
import { ManualClock } from '../../../src/shared/infrastructure/ManualClock.js';
import { InMemorySettingsRepository } from '../../../src/shared/infrastructure/memory/InMemorySettingsRepository.js';
import { InMemoryUnitOfWork } from '../../../src/shared/infrastructure/memory/InMemoryUnitOfWork.js';
import { ChangeSbaService } from '../../../src/contexts/sba/service/application/ChangeSbaService.js';
import { DisableSbaService } from '../../../src/contexts/sba/service/application/DisableSbaService.js';
import { EnableSbaService } from '../../../src/contexts/sba/service/application/EnableSbaService.js';
import { GetSbaService } from '../../../src/contexts/sba/service/application/GetSbaService.js';
import {
  SBA_SERVICE_SETTING,
  SbaDirectorySetting,
  SbaServiceSetting,
} from '../../../src/contexts/sba/service/application/SbaServiceSetting.js';
import { GetSbaUsers, RefreshSbaUsers } from '../../../src/contexts/sba/service/application/SbaUsers.js';
import { UploadSbaKeyMaterial } from '../../../src/contexts/sba/service/application/UploadSbaKeyMaterial.js';
import { sbaDirectory } from '../../../src/contexts/sba/service/domain/SbaDirectory.js';
import { SbaService, type SbaServiceStateChanged } from '../../../src/contexts/sba/service/domain/SbaService.js';
import {
  SBA_MACHINE,
  SBA_STATES,
  SBA_TRANSITIONS,
  type SbaState,
} from '../../../src/contexts/sba/service/domain/SbaServiceMachine.js';
import { SilentLogger } from '../../support/SilentLogger.js';

const T0 = new Date('2026-03-01T08:00:00.000Z');
let identities: { own: GeneratedIdentity; other: GeneratedIdentity } | undefined;
function keys(): { own: GeneratedIdentity; other: GeneratedIdentity } {
  identities ??= {
    own: createSelfSigned({ commonName: 'sba.unit.test' }),
    other: createSelfSigned({ commonName: 'other.unit.test' }),
  };
  return identities;
}

function complete(service: SbaService): void {
  service.setIdentity('sba.example.test');
  service.setTenantId('tenant-1');
  service.setApplication('app-1');
  service.setSecret('s3cret');
  service.setCertificate(parsePem(keys().own.certificate + keys().own.privateKey));
}

function moves(service: SbaService): string[] {
  return service.pullEvents().map((e) => `${e.from}->${e.to}`);
}

function refusal(work: () => unknown): DomainError {
  try {
    work();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the SBA service state machine', () => {
  it('allows exactly the moves of its table', () => {
    for (const from of SBA_STATES) {
      for (const to of SBA_STATES) {
        expect(SBA_MACHINE.canTransition(from, to), `${from} -> ${to}`).to.equal(SBA_TRANSITIONS[from].includes(to));
      }
    }
    expect(() => SBA_MACHINE.transition('DISABLED', 'RUNNING')).to.throw(
      DomainError,
      /cannot change from DISABLED to RUNNING/,
    );
  });

  it('goes through every transition of the table, one event each, driven by enable and disable', () => {
    const seen = new Set<string>();
    const service = SbaService.initial(DEFAULT_LAB);
    const step = (act: () => void, expected: string[]) => {
      act();
      const made = moves(service);
      expect(made).to.deep.equal(expected);
      made.forEach((m) => seen.add(m));
    };
    step(() => service.enable(T0), ['DISABLED->STARTING', 'STARTING->ERROR']);
    expect(service.state).to.include({
      enabled: true,
      state: 'ERROR',
      reason: 'missing: identity, tenantId, application, secret, privateKey, certificate',
    });
    step(() => service.disable(T0), ['ERROR->DISABLED']);
    expect(service.state).to.include({ enabled: false, state: 'DISABLED' });
    expect(service.state).to.not.have.property('reason');
    step(() => service.enable(T0), ['DISABLED->STARTING', 'STARTING->ERROR']);
    complete(service);
    step(() => service.enable(T0), ['ERROR->STARTING', 'STARTING->RUNNING']);
    expect(service.state).to.include({ enabled: true, state: 'RUNNING' });
    expect(service.state.lastRequest).to.deep.equal({ at: T0, statusCode: 200, statusLine: 'HTTP/1.1 200 OK' });
    step(() => service.enable(T0), ['RUNNING->STARTING', 'STARTING->RUNNING']);
    step(() => service.disable(T0), ['RUNNING->DISABLED']);
    expect(service.disable(T0)).to.equal(false);
    expect(moves(service)).to.deep.equal([]);
    const table = SBA_STATES.flatMap((from) => SBA_TRANSITIONS[from].map((to: SbaState) => `${from}->${to}`));
    expect([...seen].sort()).to.deep.equal(table.sort());
  });
});

describe('the SBA service', () => {
  it('fills log defaults on write and checks each setter', () => {
    const service = SbaService.initial(DEFAULT_LAB);
    expect(service.setLog({ level: 'DEBUG' })).to.equal(true);
    expect(service.state.log).to.deep.equal({ level: 'DEBUG', directory: 'log/sba', maxArchiveDays: 30 });
    expect(service.setLog({ level: 'DEBUG' })).to.equal(false);
    expect(refusal(() => service.setLog({ maxArchiveDays: 0 })).details[0]!.field).to.equal('log.maxArchiveDays');
    expect(refusal(() => service.setIpAddress('10.0.0.256')).details[0]!.field).to.equal('ipAddress');
    expect(service.setIpAddress(' 2001:db8::1 ')).to.equal(true);
    expect(service.state.ipAddress).to.equal('2001:db8::1');
    expect(refusal(() => service.setIdentity('-bad-.example')).details[0]!.field).to.equal('identity');
    expect(refusal(() => service.setSecret('a\u0000b')).details[0]!.rule).to.equal('noControl');
    expect(refusal(() => service.setFingerprint({ source: 'CERTIFICATE' }, undefined)).code).to.equal(
      'SBA_CERTIFICATE_MISSING',
    );
  });

  it('applies sba/set all or nothing', () => {
    const service = SbaService.initial(DEFAULT_LAB);
    expect(
      refusal(() =>
        service.applyOptions(
          { identity: 'ok.example.test', tenantId: 't', log: { level: 'LOUD' as never } },
          undefined,
        ),
      ).details[0]!.field,
    ).to.equal('log.level');
    expect(service.state.identity).to.equal(undefined);
    expect(service.applyOptions({ identity: 'ok.example.test', secret: 'x' }, undefined)).to.equal(true);
    expect(service.state).to.include({ identity: 'ok.example.test', secret: 'x' });
  });

  it('keeps key and certificate belonging to each other', () => {
    const service = SbaService.initial(DEFAULT_LAB);
    service.setCertificate(parsePem(keys().own.certificate));
    expect(refusal(() => service.setPrivateKey(parsePem(keys().other.privateKey))).code).to.equal('SBA_KEY_MISMATCH');
    expect(service.state.privateKey).to.equal(undefined);
    service.setPrivateKey(parsePem(keys().own.privateKey));
    expect(refusal(() => service.setCertificate(parsePem(keys().other.certificate))).code).to.equal('SBA_KEY_MISMATCH');
    service.setCertificate(parsePem(keys().other.certificate + keys().other.privateKey));
    expect(service.state.privateKey).to.equal(parsePem(keys().other.privateKey).privateKey);
    expect(refusal(() => service.setPrivateKey(parsePem(keys().own.certificate))).code).to.equal(
      'SBA_KEY_FILE_INVALID',
    );
  });

  it('round-trips through its setting, the state machine and last request included', () => {
    const service = SbaService.initial(DEFAULT_LAB);
    complete(service);
    service.setFingerprint({ source: 'CERTIFICATE' }, service.certificateFingerprint);
    service.enable(T0);
    const json = JSON.parse(JSON.stringify(SBA_SERVICE_SETTING.encode(service)));
    expect(SBA_SERVICE_SETTING.decode(DEFAULT_LAB, json).state).to.deep.equal(service.state);
    expect(() => SBA_SERVICE_SETTING.decode(DEFAULT_LAB, { ...json, state: 'DISABLED' })).to.throw(
      /enabled must be false/,
    );
  });
});

describe('the simulated SBA directory', () => {
  it('is the same for a lab and generation, differs between labs and moves with refreshes', () => {
    const first = sbaDirectory(DEFAULT_LAB, 0);
    expect(first).to.have.length(12);
    expect(sbaDirectory(DEFAULT_LAB, 0)).to.deep.equal(first);
    expect(sbaDirectory(labId('other'), 0)).to.not.deep.equal(first);
    expect(new Set(first.map((u) => u.id)).size).to.equal(12);
    expect(new Set(first.map((u) => u.sipAddress)).size).to.equal(12);
    for (const user of first) {
      expect(user.sipAddress).to.match(/^sip:[a-z]+\.[a-z]+@[a-z]+\.example\.com$/);
      expect(user.phoneNumber).to.match(/^\+49 30 5550\d{3}$/);
    }
    let previous = first;
    for (let generation = 1; generation <= 7; generation++) {
      const next = sbaDirectory(DEFAULT_LAB, generation);
      expect(next, `generation ${generation}`).to.not.deep.equal(previous);
      previous = next;
    }
    expect(sbaDirectory(DEFAULT_LAB, 3)).to.have.length(13);
  });
});

describe('the SBA use cases', () => {
  let clock: ManualClock;
  let lab: typeof DEFAULT_LAB;
  let change: ChangeSbaService;
  let enable: EnableSbaService;
  let disable: DisableSbaService;
  let get: GetSbaService;
  let upload: UploadSbaKeyMaterial;
  let users: GetSbaUsers;
  let refresh: RefreshSbaUsers;
  let settings: SbaServiceSetting;
  let unitOfWork: InMemoryUnitOfWork;
  let seen: string[];

  beforeEach(() => {
    lab = DEFAULT_LAB;
    clock = new ManualClock(T0);
    unitOfWork = new InMemoryUnitOfWork();
    const events = new InMemoryEventBus(new SilentLogger());
    const store = new InMemorySettingsRepository(clock);
    settings = new SbaServiceSetting(store);
    const reads = new SbaDirectorySetting(store);
    change = new ChangeSbaService(unitOfWork, settings, events, clock);
    enable = new EnableSbaService(change);
    disable = new DisableSbaService(change);
    get = new GetSbaService(unitOfWork, settings);
    upload = new UploadSbaKeyMaterial(change);
    users = new GetSbaUsers(unitOfWork, reads);
    refresh = new RefreshSbaUsers(unitOfWork, settings, reads, clock);
    seen = [];
    events.subscribe<SbaServiceStateChanged>('SbaServiceStateChanged', async (e) => {
      seen.push(`${e.from}->${e.to}`);
    });
  });

  const version = () => unitOfWork.read(() => settings.versionOf(lab));

  it('saves nothing when a change changes nothing or is refused', async () => {
    await change.execute(lab, (s) => s.setTenantId('t1'));
    expect(await version()).to.equal(1);
    await change.execute(lab, (s) => s.setTenantId('t1'));
    await disable.execute(lab);
    expect(await version()).to.equal(1);
    await upload.privateKey(lab, Buffer.from('garbage'), undefined).then(
      () => expect.fail('accepted garbage'),
      (e: DomainError) => expect(e.code).to.equal('SBA_FILE_INVALID'),
    );
    expect(await version()).to.equal(1);
    await change
      .execute(lab, (s) => s.setTenantId('t2'), 0)
      .then(
        () => expect.fail('accepted a stale version'),
        (e: DomainError) => expect(e.code).to.equal('STALE_VERSION'),
      );
    expect((await change.execute(lab, (s) => s.setTenantId('t2'), 1)).version).to.equal(2);
  });

  it('enables to ERROR, then RUNNING once complete, publishes each move, and refreshes users only while RUNNING', async () => {
    await enable.execute(lab);
    expect((await get.execute(lab)).value.state.state).to.equal('ERROR');
    await refresh.execute(lab).then(
      () => expect.fail('refreshed while ERROR'),
      (e: DomainError) => expect(e.code).to.equal('SBA_NOT_RUNNING'),
    );
    await change.execute(lab, (s) => {
      complete(s);
      return true;
    });
    await enable.execute(lab);
    expect((await get.execute(lab)).value.state.state).to.equal('RUNNING');
    const before = await users.execute(lab);
    const after = await refresh.execute(lab);
    expect(after).to.not.deep.equal(before);
    expect(await users.execute(lab)).to.deep.equal(after);
    await disable.execute(lab);
    expect(seen).to.deep.equal([
      'DISABLED->STARTING',
      'STARTING->ERROR',
      'ERROR->STARTING',
      'STARTING->RUNNING',
      'RUNNING->DISABLED',
    ]);
  });
});
