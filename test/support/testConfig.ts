import { DEFAULT_BODY_LIMITS, type AppConfig } from '../../src/app/config/AppConfig.js';

export const ADMIN_PASSWORD = 'anadmin-test-Pw1!';

/**
 * The store the database suites run on: the PostgreSQL server named by TEST_DATABASE_URL (its database name
 * must contain 'test'), else the embedded engine in memory.
 */
export function testDatabaseUrl(): string | undefined {
  const url = process.env['TEST_DATABASE_URL'];
  if (!url) return undefined;
  const name = new URL(url).pathname.replace(/^\//, '');
  if (!name.includes('test')) throw new Error(`refusing to run tests on database '${name}': its name must contain 'test'`);
  return url;
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: testDatabaseUrl(),
    dataDir: undefined,
    ephemeral: true,
    adminPassword: ADMIN_PASSWORD,
    adminPasswordIsDefault: false,
    logLevel: 'silent',
    kdfCost: 10,
    sessionIdleMinutes: 30,
    bodyLimits: DEFAULT_BODY_LIMITS,
    ...overrides,
  };
}
