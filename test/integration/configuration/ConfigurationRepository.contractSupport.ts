import { DomainError } from '../../../src/shared/domain/DomainError.js';
import { DEFAULT_LAB, labId, type LabId } from '../../../src/shared/domain/LabId.js';
import type { UnitOfWork } from '../../../src/shared/application/UnitOfWork.js';
import type {
  ConfigObject,
  ConfigObjectSnapshot,
} from '../../../src/contexts/configuration/graph/domain/ConfigObject.js';
import type { ConfigurationRepository } from '../../../src/contexts/configuration/graph/domain/ConfigurationRepository.js';

/** A fresh, empty configuration store in which the labs A and B exist. */
export interface ContractStore {
  readonly repository: ConfigurationRepository;
  readonly unitOfWork: UnitOfWork;
}

export interface ContractSubject {
  /** Called before each test: an empty store. */
  fresh(): Promise<ContractStore>;
  close(): Promise<void>;
}

export const LAB_A: LabId = DEFAULT_LAB;
export const LAB_B: LabId = labId('contract-b');

export function content(
  object: ConfigObject | ConfigObjectSnapshot | undefined,
): Omit<ConfigObjectSnapshot, 'version'> | undefined {
  if (!object) return undefined;
  const { version: _version, ...rest } = 'snapshot' in object ? object.snapshot() : object;
  return rest;
}

export async function failure(work: () => Promise<unknown>): Promise<DomainError> {
  try {
    await work();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError, nothing was thrown');
}

/** The steps every part of the contract works with, on the store of the running test. */
export function contractSteps(store: () => ContractStore) {
  const write = <T>(work: () => Promise<T>, lab: LabId = LAB_A) => store().unitOfWork.write(lab, work);
  const read = <T>(work: () => Promise<T>) => store().unitOfWork.read(work);
  const save = (object: ConfigObject) => write(() => store().repository.save(object), object.lab);
  const find = (id: string, revision: 'working' | 'committed' = 'working', lab = LAB_A) =>
    read(() => store().repository.find(lab, id, revision));
  return { write, read, save, find };
}
