#!/usr/bin/env node
import 'reflect-metadata';
import { runProgram } from './cli/program.js';
import { exitQuietlyOnClosedPipe, isClosedPipe } from './cli/closedPipe.js';

/**
 * The gwsim command (package.json `bin`): `gwsim [serve] [flags]`, `gwsim admin unblock <user>`, `gwsim license mint …`, `gwsim traffic …`, `gwsim clock …`, `gwsim labs …`, `gwsim snapshots …`, `gwsim sip …`, `gwsim faults …`, `gwsim journal …`,
 * `gwsim openapi`, `gwsim ready`, `--help`,
 * `--version`. Only the command line is loaded here; each command loads what it needs when it runs. A reader that
 * closes the pipe (`gwsim openapi | head`) ends the command quietly.
 */
exitQuietlyOnClosedPipe();
runProgram(
  {
    serve: async (config, explicitAdminPassword) =>
      (require('./cli/serve.js') as typeof import('./cli/serve.js')).serve(config, explicitAdminPassword),
    unblock: async (user, config, output) =>
      (require('./cli/unblock.js') as typeof import('./cli/unblock.js')).unblock(user, config, output),
    mintLicense: async (options) =>
      (require('./cli/mintLicense.js') as typeof import('./cli/mintLicense.js')).mintLicense(options),
    traffic: async (action, options) =>
      (require('./cli/traffic.js') as typeof import('./cli/traffic.js')).traffic(action, options),
    clock: async (action, options) =>
      (require('./cli/clock.js') as typeof import('./cli/clock.js')).clock(action, options),
    labs: async (action, options) => (require('./cli/labs.js') as typeof import('./cli/labs.js')).labs(action, options),
    snapshots: async (action, options) =>
      (require('./cli/snapshots.js') as typeof import('./cli/snapshots.js')).snapshots(action, options),
    scenario: async (action, options) =>
      (require('./cli/scenario.js') as typeof import('./cli/scenario.js')).scenario(action, options),
    sip: async (action, options) => (require('./cli/sip.js') as typeof import('./cli/sip.js')).sip(action, options),
    faults: async (action, options) =>
      (require('./cli/faults.js') as typeof import('./cli/faults.js')).faults(action, options),
    journal: async (action, options) =>
      (require('./cli/faults.js') as typeof import('./cli/faults.js')).journal(action, options),
    openapi: async (options) =>
      (require('./cli/openapi.js') as typeof import('./cli/openapi.js')).printOpenApi(options),
    ready: async (options) => (require('./cli/ready.js') as typeof import('./cli/ready.js')).waitReady(options),
  },
  process.argv.slice(2),
  process.env,
).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (isClosedPipe(error)) process.exit(0);
    console.error(`gwsim: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
