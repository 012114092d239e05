import 'reflect-metadata';
import { GatewaySimulator } from '../../src/app/GatewaySimulator.js';
import { DEFAULT_BODY_LIMITS } from '../../src/app/config/AppConfig.js';
import { PinoLogger } from '../../src/shared/infrastructure/PinoLogger.js';
import { startBareKoa } from './httpBench.js';

export const BENCH_ADMIN_PASSWORD = 'bench-Admin-1';

/**
 * A server for the throughput benchmark, in a process of its own so that the load generator does not share
 * its event loop: `bare` (a bare Koa handler), `gwsim` (the simulator on an in-memory embedded store) or
 * `gwsim <postgres-url>` (the simulator on that PostgreSQL server database).
 * Prints its base URL on stdout and runs until stdin closes.
 */
async function main(kind: string): Promise<void> {
  let url: string;
  let close: () => Promise<void>;
  if (kind === 'bare') {
    const bare = await startBareKoa(JSON.parse(process.argv[3] ?? '{}'));
    ({ url, close } = bare);
  } else {
    const simulator = await GatewaySimulator.create({
      config: {
        port: 0, host: '127.0.0.1', databaseUrl: process.argv[3], dataDir: undefined, ephemeral: true,
        adminPassword: BENCH_ADMIN_PASSWORD, adminPasswordIsDefault: false, logLevel: 'silent', kdfCost: 15,
        sessionIdleMinutes: 30, bodyLimits: DEFAULT_BODY_LIMITS,
      },
      logger: PinoLogger.create('silent'),
    });
    const address = await simulator.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${address.port}`;
    close = () => simulator.stop(1000);
  }
  process.stdout.write(`${url}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => { close().then(() => process.exit(0)); });
}

if (require.main === module) {
  main(process.argv[2] ?? 'gwsim').catch((error: unknown) => { console.error(error); process.exit(1); });
}
