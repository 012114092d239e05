import type { Command } from 'commander';
import type { Commands } from './program.js';

/** `gwsim license mint …`: a signed license file. */
export function mintLicenseCommand(program: Command, commands: Commands): void {
  const collect = (value: string, previous: string[]) => [...previous, value];
  program
    .command('license')
    .summary('license files (.xzlicense): mint')
    .description('license files (.xzlicense)')
    .command('mint')
    .description(
      'write a signed license file, by default with the lab key (public on purpose: licenses for labs and tests)',
    )
    .requiredOption('--name <name>', 'the license\'s name, e.g. "4 lines lab license"')
    .option('--identifier <id>', 'its identifier (default: a new UUID)')
    .option('--product <product>', 'a product it is for (repeatable; default gwsim)', collect, [])
    .option('--application <application>', 'the application it is for (default: gateway)', 'gateway')
    .option('--facility <name=value>', 'a facility it grants, e.g. telrtSession=4 (repeatable)', collect, [])
    .option('--constraint <constraint>', 'a constraint, e.g. telrtDemo (repeatable)', collect, [])
    .option('--system-id <id>', 'a system id it is bound to (repeatable; see /api/licenses/systemIds/get)', collect, [])
    .option('--invalidates <identifier>', 'the identifier of a license it invalidates (repeatable)', collect, [])
    .option('--valid-from <date>', 'start, 2026-01-01 or an ISO instant (default now)')
    .option(
      '--valid-until <date>',
      'end, 2026-12-31 (its last second) or an ISO instant (default a year after the start)',
    )
    .option('--no-valid-until', 'no end: the license does not expire')
    .option('--sus-until <date>', 'end of the software update service (default none)')
    .option('--key <file>', 'Ed25519 private key (PEM) to sign with (default the lab key of @gwsim/license-file)')
    .option('-o, --output <file>', 'file to write (default <identifier>.xzlicense)')
    .option('--force', 'overwrite the output file')
    .option('--json', 'print the file and the license as JSON')
    .addHelpText(
      'after',
      '\nExit codes: 0 written, 2 usage error (bad date or facility, unusable key, existing file), 1 failure.',
    )
    .action(async (options: Record<string, unknown>) => {
      process.exitCode = await commands.mintLicense({
        name: options['name'] as string,
        product: options['product'] as string[],
        application: options['application'] as string,
        facility: options['facility'] as string[],
        constraint: options['constraint'] as string[],
        systemId: options['systemId'] as string[],
        invalidates: options['invalidates'] as string[],
        force: options['force'] === true,
        json: options['json'] === true,
        ...(options['validUntil'] === false ? { validUntil: false as const } : {}),
        ...(['identifier', 'validFrom', 'validUntil', 'susUntil', 'key', 'output'] as const).reduce(
          (acc, k) => (typeof options[k] === 'string' ? { ...acc, [k]: options[k] } : acc),
          {},
        ),
      });
    });
}
