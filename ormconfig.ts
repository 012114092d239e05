import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfig } from './src/app/config/loadConfig.js';
import { dataSourceOptions } from './src/app/persistence/dataSourceOptions.js';
import { DataDirLock } from './src/app/persistence/DataDirLock.js';

/**
 * The DataSource for the TypeORM CLI, on the built JavaScript:
 *   npx typeorm -d dist/ormconfig.js migration:show
 * It reads the same environment as the server (DATABASE_URL, GWSIM_DATA_DIR), and takes the same data-directory
 * lock: it is refused while a gateway runs on the directory.
 */
const config = loadConfig(process.env);
if (config.dataDir) DataDirLock.acquireForProcess(config.dataDir);
export default new DataSource(dataSourceOptions({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
