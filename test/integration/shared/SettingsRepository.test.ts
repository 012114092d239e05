import { settingsStoreContract } from './SettingsRepository.contract.js';
import { settingsSubjects } from './settingsRepositories.js';

/** The settings store's contract on every adapter: in memory, TypeORM embedded, TypeORM on the server when set. */
for (const subject of settingsSubjects()) settingsStoreContract(subject);
