import { DataSource } from 'typeorm';
import { dataSourceOptions, type StoreSettings } from './dataSourceOptions.js';
import { holdsCluster, loadTemplate } from './EmbeddedTemplate.js';

/** Opens the store and brings its schema up to date by running the pending migrations, each in a transaction. */
export async function openDatabase(settings: StoreSettings): Promise<DataSource> {
  const template = settings.databaseUrl || (settings.dataDir && holdsCluster(settings.dataDir)) ? undefined : await loadTemplate();
  const dataSource = new DataSource(dataSourceOptions(settings, template));
  await dataSource.initialize();
  try {
    await dataSource.runMigrations({ transaction: 'each' });
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  return dataSource;
}

export function describeStore(settings: StoreSettings): string {
  if (settings.databaseUrl) {
    const url = new URL(settings.databaseUrl);
    url.password = url.password ? '***' : '';
    return `PostgreSQL server ${url.toString()}`;
  }
  return settings.dataDir ? `embedded PostgreSQL in ${settings.dataDir}` : 'embedded PostgreSQL in memory (ephemeral)';
}
