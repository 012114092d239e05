import { expect } from 'chai';
import { License } from '../../../src/contexts/licensing/licenses/domain/License.js';
import type { LicenseRepository } from '../../../src/contexts/licensing/licenses/domain/LicenseRepository.js';
import type { UnitOfWork } from '../../../src/shared/application/UnitOfWork.js';
import { StaleVersionError } from '../../../src/shared/domain/DomainError.js';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';

export interface LicenseContractSubject {
  /** An empty store whose only lab is the default one. */
  fresh(): Promise<{ repository: LicenseRepository; unitOfWork: UnitOfWork }>;
  close(): Promise<void>;
}

const AT = new Date('2026-03-01T08:00:00.000Z');

/** A license; `ends` false: one that does not expire, without an end of its software update service either. */
function imported(id: string, identifier: string, position: number, ends: boolean): License {
  return License.imported(
    DEFAULT_LAB,
    id,
    {
      identifier,
      name: `licence ä ${identifier}`,
      products: ['gwsim', 'other'],
      application: 'gateway',
      requiredSystemIds: ['GW-1'],
      validFrom: new Date('2026-01-01T00:00:00.000Z'),
      validUntil: ends ? new Date('2026-12-31T23:59:59.000Z') : undefined,
      softwareUpdateServiceUntil: ends ? new Date('2027-01-01T00:00:00.000Z') : undefined,
      facilities: [
        { name: 'telrtSession', value: 4 },
        { name: 'recSession', value: 2 },
      ],
      constraints: ['telrtDemo'],
      invalidates: ['old'],
    },
    position === 2 ? false : true,
    AT,
    position,
  );
}

/** What every LicenseRepository adapter must do (the in-memory one is held to the TypeORM one). */
export function licenseRepositoryContract(adapter: string, open: () => Promise<LicenseContractSubject>): void {
  describe(`LicenseRepository contract: ${adapter}`, function () {
    this.timeout(60000);
    let subject: LicenseContractSubject;
    let repository: LicenseRepository;
    let unitOfWork: UnitOfWork;
    const list = () => unitOfWork.read(() => repository.list(DEFAULT_LAB));
    const save = (license: License) => unitOfWork.write(DEFAULT_LAB, () => repository.save(license));

    before(async () => {
      subject = await open();
    });
    beforeEach(async () => ({ repository, unitOfWork } = await subject.fresh()));
    after(() => subject?.close());

    it('lists nothing for a lab without licenses', async () => {
      expect(await list()).to.deep.equal([]);
    });

    it('stores licenses and gives back every field in import order, at the next version', async () => {
      const second = imported('id-b', 'b', 2, false);
      const first = imported('id-a', 'a', 1, true);
      second.moveTo('SIGNATURE', AT);
      await save(second);
      await save(first);
      const stored = await list();
      expect(stored.map((l) => l.id)).to.deep.equal(['id-a', 'id-b']);
      expect(stored[0]!.snapshot()).to.deep.equal({ ...first.snapshot(), version: 1 });
      expect(stored[1]!.snapshot()).to.deep.equal({ ...second.snapshot(), version: 1 });
      stored[0]!.moveTo('ACTIVE', AT);
      await save(stored[0]!);
      expect((await list()).map((l) => [l.status, l.version])).to.deep.equal([
        ['ACTIVE', 2],
        ['SIGNATURE', 1],
      ]);
    });

    it('refuses a stale save, a second first save and a second license with the same identifier', async () => {
      await save(imported('id-a', 'a', 1, true));
      const [one] = await list();
      const [two] = await list();
      one!.moveTo('ACTIVE', AT);
      await save(one!);
      two!.moveTo('VALID_FROM', AT);
      for (const attempt of [
        () => save(two!),
        () => save(imported('id-a', 'a', 1, true)),
        () => save(imported('id-c', 'a', 3, true)),
      ]) {
        let error: unknown;
        try {
          await attempt();
        } catch (e) {
          error = e;
        }
        expect(error).to.be.instanceOf(Error);
      }
      const [current] = await list();
      expect(current!.status).to.equal('ACTIVE');
      expect(await list()).to.have.length(1);
      let stale: unknown;
      try {
        await save(two!);
      } catch (e) {
        stale = e;
      }
      expect(stale).to.be.instanceOf(StaleVersionError);
    });
  });
}
