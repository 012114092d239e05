import type { Command } from 'commander';
import type { Commands } from './program.js';

/** `gwsim openapi [--control] [-o FILE]`: the OpenAPI document the server serves, without starting it. */
export function openapiCommand(program: Command, commands: Commands): void {
  program
    .command('openapi')
    .summary('print the OpenAPI document the server serves')
    .description(
      'print the OpenAPI document the server serves at /openapi.json (or, with --control, at /_sim/openapi.json) without starting it',
    )
    .option('--control', "the simulator's control endpoints (/_sim/openapi.json) instead of the gateway's operations")
    .option('-o, --output <file>', 'write the document to a file instead of standard output')
    .addHelpText(
      'after',
      '\nThe document is JSON whatever the flags (no --json needed). Exit codes: 0 printed, 2 usage error, 1 failure.',
    )
    .action(async (options: Record<string, unknown>) => {
      process.exitCode = await commands.openapi({
        control: options['control'] === true,
        ...(typeof options['output'] === 'string' ? { output: options['output'] } : {}),
      });
    });
}
