import 'reflect-metadata';
import type { DataSource } from 'typeorm';
import { openDatabase } from '../../../src/app/persistence/Database.js';
import { labId, type LabId } from '../../../src/shared/domain/LabId.js';
import type { UnitOfWork } from '../../../src/shared/application/UnitOfWork.js';
import { InMemoryUnitOfWork } from '../../../src/shared/infrastructure/memory/InMemoryUnitOfWork.js';
import { DatabaseKind } from '../../../src/shared/infrastructure/persistence/DatabaseKind.js';
import { TypeOrmUnitOfWork } from '../../../src/shared/infrastructure/persistence/TypeOrmUnitOfWork.js';
import type { RoleRepository } from '../../../src/contexts/identity/roles/domain/RoleRepository.js';
import { InMemoryRoleRepository } from '../../../src/contexts/identity/roles/infrastructure/memory/InMemoryRoleRepository.js';
import { TypeOrmRoleRepository } from '../../../src/contexts/identity/roles/infrastructure/persistence/TypeOrmRoleRepository.js';
import type { UserRepository } from '../../../src/contexts/identity/users/domain/UserRepository.js';
import { InMemoryUserRepository } from '../../../src/contexts/identity/users/infrastructure/memory/InMemoryUserRepository.js';
import { TypeOrmUserRepository } from '../../../src/contexts/identity/users/infrastructure/persistence/TypeOrmUserRepository.js';
import { testDatabaseUrl } from '../../support/testConfig.js';
import { openTestDatabase } from '../../support/testDatabase.js';

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

function memory(): StoreSubject {
  return {
    name: 'in-memory adapters',
    async open() {},
    async fresh() {
      return {
        unitOfWork: new InMemoryUnitOfWork(), users: new InMemoryUserRepository(), roles: new InMemoryRoleRepository(),
      };
    },
    async close() {},
  };
}

function typeorm(name: string, connect: () => Promise<{ dataSource: DataSource; embedded: boolean }>): StoreSubject {
  let dataSource: DataSource | undefined;
  let unitOfWork: TypeOrmUnitOfWork;
  return {
    name,
    async open() {
      const opened = await connect();
      dataSource = opened.dataSource;
      unitOfWork = new TypeOrmUnitOfWork(dataSource, new DatabaseKind(opened.embedded));
    },
    async fresh() {
      await dataSource!.query('TRUNCATE identity_user, identity_role');
      await dataSource!.query('INSERT INTO lab (id, display_name) VALUES ($1, $1) ON CONFLICT (id) DO NOTHING', [LAB_B]);
      return {
        unitOfWork, users: new TypeOrmUserRepository(), roles: new TypeOrmRoleRepository(),
      };
    },
    async close() {
      if (dataSource?.isInitialized) await dataSource.destroy();
    },
  };
}

/** The in-memory adapters, the TypeORM ones on embedded PostgreSQL, and on the server of TEST_DATABASE_URL when set. */
export function identityStores(): StoreSubject[] {
  const subjects = [
    memory(),
    typeorm('TypeORM on embedded PostgreSQL', async () => ({ dataSource: await openDatabase({ databaseUrl: undefined, dataDir: undefined }), embedded: true })),
  ];
  if (testDatabaseUrl()) {
    subjects.push(typeorm('TypeORM on the PostgreSQL server', async () => ({ dataSource: (await openTestDatabase()).dataSource, embedded: false })));
  }
  return subjects;
}
