import { expect } from 'chai';
import { StaleVersionError } from '../../../src/shared/domain/DomainError.js';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import type { UnitOfWork } from '../../../src/shared/application/UnitOfWork.js';
import { ConfigurationState } from '../../../src/contexts/configuration/revisions/domain/ConfigurationState.js';
import type { ConfigurationStateRepository } from '../../../src/contexts/configuration/revisions/domain/ConfigurationStateRepository.js';

export interface StateContractSubject {
  /** An empty store whose only lab is the default one. */
  fresh(): Promise<{ repository: ConfigurationStateRepository; unitOfWork: UnitOfWork }>;
  close(): Promise<void>;
}

const AT = new Date('2026-03-01T08:00:00.000Z');
const LATER = new Date('2026-03-01T09:30:15.000Z');

/** What every ConfigurationStateRepository adapter must do (the in-memory one is held to the TypeORM one). */
export function configurationStateRepositoryContract(adapter: string, open: () => Promise<StateContractSubject>): void {
  describe(`ConfigurationStateRepository contract: ${adapter}`, function () {
    this.timeout(60000);
    let subject: StateContractSubject;
    let repository: ConfigurationStateRepository;
    let unitOfWork: UnitOfWork;
    const get = () => unitOfWork.read(() => repository.get(DEFAULT_LAB));
    const save = (state: ConfigurationState) => unitOfWork.write(DEFAULT_LAB, () => repository.save(state));

    before(async () => {
      subject = await open();
    });
    beforeEach(async () => ({ repository, unitOfWork } = await subject.fresh()));
    after(() => subject?.close());

    it('answers a never-installed lab with the initial state, and lists that lab as without configuration', async () => {
      const state = await get();
      expect(state.isNew).to.equal(true);
      expect(state.status).to.equal('committed');
      expect(state.lastCommit).to.equal(undefined);
      expect(await unitOfWork.read(() => repository.labsWithoutConfiguration())).to.deep.equal([DEFAULT_LAB]);
    });

    it('stores a state and gives back every field, at the next version', async () => {
      const state = await get();
      state.commit('8d3c9a8e-1f2b-4c3d-8e4f-5a6b7c8d9e0f', AT, 13);
      await save(state);
      const imported = await get();
      expect(imported.version).to.equal(1);
      imported.imported(LATER, true, 'lab ä.xzconfig', 12);
      await save(imported);
      const stored = await get();
      expect(stored.snapshot()).to.deep.equal({
        status: 'imported-protected',
        lastCommit: { id: '8d3c9a8e-1f2b-4c3d-8e4f-5a6b7c8d9e0f', at: AT },
        changedAt: LATER,
        importedFileName: 'lab ä.xzconfig',
        version: 2,
      });
      expect(await unitOfWork.read(() => repository.labsWithoutConfiguration())).to.deep.equal([]);
    });

    it('refuses a save based on a stale version, and a second first save', async () => {
      const first = await get();
      const second = await get();
      first.modify(AT);
      await save(first);
      second.clean(AT, 1);
      let error: unknown;
      try {
        await save(second);
      } catch (e) {
        error = e;
      }
      expect(error).to.be.instanceOf(StaleVersionError);
      const current = await get();
      const stale = new ConfigurationState(DEFAULT_LAB, { ...current.snapshot(), version: 0 });
      error = undefined;
      try {
        await save(stale);
      } catch (e) {
        error = e;
      }
      expect(error).to.be.instanceOf(StaleVersionError);
      expect((await get()).status).to.equal('modified');
    });
  });
}
