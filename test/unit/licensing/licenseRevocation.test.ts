import { expect } from 'chai';
import { labPrivateKey, signLicenseFile, type LicenseDocument } from '@gwsim/license-file';
import { EvaluatedLicensedCapacity } from '../../../src/contexts/licensing/licenses/application/EvaluatedLicensedCapacity.js';
import { GetLicenses } from '../../../src/contexts/licensing/licenses/application/GetLicenses.js';
import { LicenseBook } from '../../../src/contexts/licensing/licenses/application/LicenseBook.js';
import {
  LicenseRevocations,
  RevocableLicenseReader,
} from '../../../src/contexts/licensing/licenses/application/LicenseReader.js';
import { InMemoryLicenseRepository } from '../../../src/contexts/licensing/licenses/infrastructure/memory/InMemoryLicenseRepository.js';
import { DEFAULT_LAB, type LabId } from '../../../src/shared/domain/LabId.js';
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
      validUntil: '2026-12-31T23:59:59Z',
      facilities: [{ name: 'telrtSession', value: 4 }],
      constraints: [],
      invalidates: [],
      ...overrides,
    },
    labPrivateKey(),
  );
}

describe('gateway fault licenseRevoked: the license reads decorated', () => {
  it('licenses read INVALIDATED and grant nothing while revoked; as they were after; nothing is stored', async () => {
    const clock = new ManualClock(new Date('2026-03-01T08:00:00Z'));
    const repository = new InMemoryLicenseRepository();
    const book = new LicenseBook(
      repository,
      new InMemoryUnitOfWork(),
      new InMemoryEventBus(new SilentLogger()),
      clock,
      new SeededIdGenerator('l'),
    );
    const revocations = new LicenseRevocations();
    const reader = new RevocableLicenseReader(book, revocations);
    const get = new GetLicenses(reader);
    const capacity = new EvaluatedLicensedCapacity(reader);
    await book.importFile(DEFAULT_LAB, file());
    await book.importFile(DEFAULT_LAB, file({ identifier: 'lic-2', products: ['other'] })); // PRODUCT: invalid of its own
    await book.importFile(DEFAULT_LAB, file({ identifier: 'lic-3', validFrom: '2026-06-01T00:00:00Z' })); // VALID_FROM
    const statuses = async (lab: LabId = DEFAULT_LAB) => (await get.execute(lab)).map((l) => l.status);
    expect(await statuses()).to.deep.equal(['ACTIVE', 'PRODUCT', 'VALID_FROM']);
    expect(await capacity.facility(DEFAULT_LAB, 'telrtSession')).to.equal(4);

    revocations.hold(DEFAULT_LAB, [{ ruleId: 'r1', kind: 'licenseRevoked', parameters: {} }]);
    expect(await statuses()).to.deep.equal(['INVALIDATED', 'PRODUCT', 'INVALIDATED']);
    expect(await capacity.facility(DEFAULT_LAB, 'telrtSession')).to.equal(0);
    expect(Object.fromEntries(await capacity.facilities(DEFAULT_LAB))).to.deep.equal({});
    expect((await repository.list(DEFAULT_LAB)).map((l) => l.status)).to.deep.equal([
      'ACTIVE',
      'PRODUCT',
      'VALID_FROM',
    ]);
    expect(await statuses('other' as LabId)).to.deep.equal([]);

    revocations.hold(DEFAULT_LAB, []);
    expect(await statuses()).to.deep.equal(['ACTIVE', 'PRODUCT', 'VALID_FROM']);
    expect(await capacity.facility(DEFAULT_LAB, 'telrtSession')).to.equal(4);
  });
});
