import 'reflect-metadata';
import { ConfigError, loadConfig } from './config/loadConfig.js';
import { GatewaySimulator } from './GatewaySimulator.js';
import { PinoLogger } from '../shared/infrastructure/PinoLogger.js';

const USAGE = `usage: gwsim [serve] [--port N] [--host H] [--database-url URL] [--data-dir DIR] [--ephemeral]
             [--admin-password P] [--log-level L] [--kdf-cost N] [--session-idle-minutes N]`;

async function main(argv: readonly string[]): Promise<void> {
  const [command, ...rest] = argv[0]?.startsWith('-') || argv.length === 0 ? ['serve', ...argv] : argv;
  if (command === 'help' || command === '--help') { console.log(USAGE); return; }
  if (command !== 'serve') { console.error(`gwsim: unknown command '${command}'\n${USAGE}`); process.exit(2); }

  let config;
  try {
    config = loadConfig(process.env, rest);
  } catch (error) {
    if (error instanceof ConfigError) { console.error(`gwsim: ${error.message}`); process.exit(2); }
    throw error;
  }
  const logger = PinoLogger.create(config.logLevel);
  if (config.adminPasswordIsDefault) {
    const why = process.env['GWSIM_ADMIN_PASSWORD'] === undefined && !rest.some((arg) => arg.startsWith('--admin-password'))
      ? 'GWSIM_ADMIN_PASSWORD is not set' : 'GWSIM_ADMIN_PASSWORD is the well-known default';
    logger.warn({ user: 'anadmin' }, `${why}: the administrator 'anadmin' has the well-known password 'anadmin'`);
  }
  // Signals are handled from here on, also while the store opens: a stop asked for during start-up waits for
  // the start to finish, then closes the store (killing the embedded engine mid-write could damage its files).
  let simulator: GatewaySimulator | undefined;
  let stopRequested = false;
  let stopping = false;
  const stopAndExit = () => {
    if (stopping || !simulator) return;
    stopping = true;
    simulator.stop().then(
      () => { logger.info({}, 'stopped'); logger.flush(); process.exit(0); },
      (error: unknown) => { logger.error({ err: error }, 'shutdown failed'); logger.flush(); process.exit(1); },
    );
  };
  let signals = 0;
  const shutdown = (signal: string) => {
    signals += 1;
    if (signals > 1) { logger.warn({ signal }, 'second signal: exiting at once'); logger.flush(); process.exit(1); }
    logger.info({ signal }, simulator ? 'shutting down: finishing in-flight requests' : 'shutting down once the store is open');
    stopRequested = true;
    stopAndExit();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  simulator = await GatewaySimulator.create({ config, logger });
  if (stopRequested) { stopAndExit(); return; }
  let address;
  try {
    address = await simulator.listen();
  } catch (error) {
    const problem = listenProblem(error, config.port, config.host);
    await simulator.stop();
    if (problem) { logger.flush(); console.error(`gwsim: ${problem.message}`); process.exit(2); }
    throw error;
  }
  if (stopRequested) { stopAndExit(); return; }
  logger.info({ url: `http://${address.address.includes(':') ? `[${address.address}]` : address.address}:${address.port}` }, 'gwsim is serving the management API');
}

/** A listen failure caused by PORT or HOST, as a configuration error naming the variable; undefined for others. */
function listenProblem(error: unknown, port: number, host: string): ConfigError | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  switch (code) {
    case 'EADDRINUSE': return new ConfigError('PORT', `${port} is already in use on ${host}`);
    case 'EACCES': return new ConfigError('PORT', `${port} cannot be listened on without privileges`);
    case 'EADDRNOTAVAIL': return new ConfigError('HOST', `'${host}' is not an address of this machine`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME': return new ConfigError('HOST', `'${host}' does not resolve to an address (${String(code)})`);
    default: return undefined;
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`gwsim: could not start: ${message}`);
  process.exit(1);
});
