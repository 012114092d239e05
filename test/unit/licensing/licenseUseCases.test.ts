import { expect } from 'chai';
import { labPrivateKey, signLicenseFile, type LicenseDocument } from '@gwsim/license-file';
import { EvaluatedLicensedCapacity } from '../../../src/contexts/licensing/licenses/application/EvaluatedLicensedCapacity.js';
import { ImportLicenseFromKey } from '../../../src/contexts/licensing/licenses/application/ImportLicenseFromKey.js';
import { LicenseBook } from '../../../src/contexts/licensing/licenses/application/LicenseBook.js';
import type { LicenseStatusChanged } from '../../../src/contexts/licensing/licenses/domain/License.js';
import { systemIdsOf } from '../../../src/contexts/licensing/licenses/domain/SystemIds.js';
import { InMemoryLicenseRepository } from '../../../src/contexts/licensing/licenses/infrastructure/memory/InMemoryLicenseRepository.js';
import { SimulatedLicenseService } from '../../../src/contexts/licensing/licenses/infrastructure/service/SimulatedLicenseService.js';
import { DomainError } from '../../../src/shared/domain/DomainError.js';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import { InMemoryEventBus } from '../../../src/shared/infrastructure/InMemoryEventBus.js';
import { ManualClock } from '../../../src/shared/infrastructure/ManualClock.js';
import { InMemoryUnitOfWork } from '../../../src/shared/infrastructure/memory/InMemoryUnitOfWork.js';
import { SeededIdGenerator } from '../../../src/shared/infrastructure/SeededIdGenerator.js';
import { SilentLogger } from '../../support/SilentLogger.js';

function file(overrides: Partial<LicenseDocument> = {}): Buffer {
  return signLicenseFile(
    {
      identifier: 'lic-1',
      name: '4 lines',
      products: ['gwsim'],
      application: 'gateway',
      requiredSystemIds: [],
      validFrom: '2026-01-01T00:00:00Z',
      validUntil: '2026-03-31T23:59:59Z',
      facilities: [{ name: 'telrtSession', value: 4 }],
      constraints: [],
      invalidates: [],
      ...overrides,
    },
    labPrivateKey(),
  );
}

describe('license use cases on in-memory adapters', () => {
  let clock: ManualClock;
  let book: LicenseBook;
  let capacity: EvaluatedLicensedCapacity;
  let fromKey: ImportLicenseFromKey;
  let events: LicenseStatusChanged[];
  let repository: InMemoryLicenseRepository;

  beforeEach(() => {
    clock = new ManualClock(new Date('2026-03-01T08:00:00Z'));
    repository = new InMemoryLicenseRepository();
    const unitOfWork = new InMemoryUnitOfWork();
    const bus = new InMemoryEventBus(new SilentLogger());
    events = [];
    bus.subscribe<LicenseStatusChanged>('LicenseStatusChanged', (e) => {
      events.push(e);
    });
    book = new LicenseBook(repository, unitOfWork, bus, clock, new SeededIdGenerator('licenses'));
    capacity = new EvaluatedLicensedCapacity(book);
    fromKey = new ImportLicenseFromKey(new SimulatedLicenseService(), book, repository, unitOfWork, clock);
  });

  it('grants the facilities of an ACTIVE license until the clock passes its end, with an event per move', async () => {
    await book.importFile(DEFAULT_LAB, file());
    await book.importFile(
      DEFAULT_LAB,
      file({
        identifier: 'lic-2',
        validUntil: '2026-12-31T23:59:59Z',
        facilities: [
          { name: 'telrtSession', value: 2 },
          { name: 'recSession', value: 1 },
        ],
      }),
    );
    expect(Object.fromEntries(await capacity.facilities(DEFAULT_LAB))).to.deep.equal({
      telrtSession: 6,
      recSession: 1,
    });
    clock.advance(31 * 24 * 3600 * 1000);
    expect(await capacity.facility(DEFAULT_LAB, 'telrtSession')).to.equal(2);
    expect(await capacity.facility(DEFAULT_LAB, 'unknown')).to.equal(0);
    expect(events.map((e) => `${e.identifier}:${e.from}→${e.to}`)).to.deep.equal([
      'lic-1:CONFIGURED→ACTIVE',
      'lic-2:CONFIGURED→ACTIVE',
      'lic-1:ACTIVE→VALID_UNTIL',
    ]);
    expect((await repository.list(DEFAULT_LAB)).map((l) => l.status)).to.deep.equal(['VALID_UNTIL', 'ACTIVE']);
  });

  it('refuses garbage and a second import of the same identifier, storing nothing', async () => {
    for (const content of [Buffer.from('garbage'), Buffer.alloc(0)]) {
      const error = await book.importFile(DEFAULT_LAB, content).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(DomainError).and.to.include({ code: 'INVALID_LICENSE_FILE' });
    }
    await book.importFile(DEFAULT_LAB, file());
    const again = await book.importFile(DEFAULT_LAB, file()).catch((e: unknown) => e);
    expect(again).to.be.instanceOf(DomainError).and.to.include({ code: 'LICENSE_ALREADY_IMPORTED' });
    expect(await repository.list(DEFAULT_LAB)).to.have.length(1);
  });

  it('exchanges a catalogue key once for a license bound to the device; unknown keys and devices are refused', async () => {
    const device = systemIdsOf(DEFAULT_LAB)[0]!.id;
    const request = {
      licenseKey: 'GWSIM-LAB4-0000-0001',
      companyName: 'Lab Ltd',
      emailAddress: 'lab@example.test',
      licensingDevice: device,
    };
    const license = await fromKey.execute(DEFAULT_LAB, request);
    expect(license.status).to.equal('ACTIVE');
    expect(license.terms.requiredSystemIds).to.deep.equal([device]);
    expect(await capacity.facility(DEFAULT_LAB, 'telrtSession')).to.equal(4);
    const codes = [];
    for (const r of [
      request,
      { ...request, licenseKey: 'NO-SUCH-KEY' },
      { ...request, licenseKey: 'GWSIM-DEMO-0000-0003', licensingDevice: 'GW-0000' },
    ]) {
      codes.push(((await fromKey.execute(DEFAULT_LAB, r).catch((e: unknown) => e)) as DomainError).code);
    }
    expect(codes).to.deep.equal(['LICENSE_KEY_USED', 'LICENSE_KEY_UNKNOWN', 'UNKNOWN_LICENSING_DEVICE']);
    expect(await repository.list(DEFAULT_LAB)).to.have.length(1);
  });
});
