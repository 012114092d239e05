import { testDatabaseUrl } from './testConfig.js';
import { wipeServerDatabase } from './TestGateway.js';

export { testDatabaseUrl };

/** Wipes the server test database when the suites run on one; the embedded store needs nothing. */
export async function wipeServerDatabaseIfAny(): Promise<void> {
  const url = testDatabaseUrl();
  if (url) await wipeServerDatabase(url);
}
