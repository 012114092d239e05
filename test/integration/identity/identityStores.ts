import 'reflect-metadata';
import { labId, type LabId } from '../../../src/shared/domain/LabId.js';
import type { UnitOfWork } from '../../../src/shared/application/UnitOfWork.js';
import { InMemoryUnitOfWork } from '../../../src/shared/infrastructure/memory/InMemoryUnitOfWork.js';
import type { RoleRepository } from '../../../src/contexts/identity/roles/domain/RoleRepository.js';
import { InMemoryRoleRepository } from '../../../src/contexts/identity/roles/infrastructure/memory/InMemoryRoleRepository.js';
import { TypeOrmRoleRepository } from '../../../src/contexts/identity/roles/infrastructure/persistence/TypeOrmRoleRepository.js';
import type { UserRepository } from '../../../src/contexts/identity/users/domain/UserRepository.js';
import { InMemoryUserRepository } from '../../../src/contexts/identity/users/infrastructure/memory/InMemoryUserRepository.js';
import { TypeOrmUserRepository } from '../../../src/contexts/identity/users/infrastructure/persistence/TypeOrmUserRepository.js';
import { storeTargets, type DatabaseTarget, type TestStore } from '../../support/testStores.js';

export const LAB_A: LabId = labId('default');
export const LAB_B: LabId = labId('identity-contract-b');

/** Every identity repository over one empty store in which LAB_A and LAB_B exist. */
export interface IdentityStore {
  readonly unitOfWork: UnitOfWork;
  readonly users: UserRepository;
  readonly roles: RoleRepository;
}

export interface StoreSubject {
  readonly name: string;
  /** Opened once per suite. */
  open(): Promise<void>;
  /** Before each test: an empty store. */
  fresh(): Promise<IdentityStore>;
  close(): Promise<void>;
}

function memory(name: string): StoreSubject {
  return {
    name,
    async open() {},
    async fresh() {
      return {
        unitOfWork: new InMemoryUnitOfWork(),
        users: new InMemoryUserRepository(),
        roles: new InMemoryRoleRepository(),
      };
    },
    async close() {},
  };
}

function typeorm(target: DatabaseTarget): StoreSubject {
  let store: TestStore | undefined;
  return {
    name: `TypeORM on ${target.name}`,
    async open() {
      store = await target.open();
    },
    async fresh() {
      await store!.reset([LAB_B]);
      return {
        unitOfWork: store!.unitOfWork,
        users: new TypeOrmUserRepository(),
        roles: new TypeOrmRoleRepository(),
      };
    },
    async close() {
      await store?.close();
    },
  };
}

/** The in-memory adapters, the TypeORM ones on embedded PostgreSQL, and on the server of TEST_DATABASE_URL when set. */
export function identityStores(): StoreSubject[] {
  return storeTargets({ memory: true }).map((target) =>
    target.kind === 'memory' ? memory(target.name) : typeorm(target),
  );
}
