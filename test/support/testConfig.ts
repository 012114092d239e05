import { DEFAULT_BODY_LIMITS, type AppConfig } from '../../src/app/config/AppConfig.js';
import { testDatabaseUrl } from './testStores.js';

export { testDatabaseUrl };

export const ADMIN_PASSWORD = 'anadmin-test-Pw1!';

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
