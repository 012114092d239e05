import { settingsStoreContract } from './SettingsStore.contract.js';
import { settingsSubjects } from './settingsStores.js';

/** The settings store's contract on every adapter: in memory, TypeORM embedded, TypeORM on the server when set. */
for (const subject of settingsSubjects()) settingsStoreContract(subject);
