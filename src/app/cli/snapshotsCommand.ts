import { Option, type Command } from 'commander';
import type { Commands } from './program.js';
import type { SharedOptions } from './SharedOptions.js';
import type { SnapshotsAction, SnapshotsOptions } from './snapshots.js';

/** `gwsim snapshots list|save|restore|export|import|remove`: a lab's snapshots in a running gwsim. */
export function snapshotsCommand(program: Command, commands: Commands, shared: SharedOptions): void {
  const snapshots = shared
    .group(program.command('snapshots'), {
      summary: "a lab's snapshots and snapshot files (save, restore, …)",
      description:
        "a lab's snapshots in a running gwsim (its /_sim/labs/{lab}/snapshots endpoints; administrators of the default lab)",
      lab: true,
      exitCodes:
        '0 done, 1 refused (the message names the flag) or unreachable, 2 usage error or a file that cannot be read or written.',
    })
    .addHelpText(
      'after',
      "A file's secrets are sealed (export) and opened (import) with --passphrase or GWSIM_SNAPSHOT_PASSPHRASE.",
    );
  const snapshotOptions = (options: Record<string, unknown>): SnapshotsOptions => ({
    ...shared.connectionOf(options),
    passphrase: (options['passphrase'] as string | undefined) ?? shared.env['GWSIM_SNAPSHOT_PASSPHRASE'],
  });
  const inLab = (command: Command) => shared.connection(command, true);
  const run = async (action: SnapshotsAction, options: Record<string, unknown>) => {
    process.exitCode = await commands.snapshots(action, snapshotOptions(options));
  };
  inLab(
    snapshots.command('list').description("the lab's snapshots: name, when taken, from which lab and revision, size"),
  ).action((options: Record<string, unknown>) => run({ kind: 'list' }, options));
  inLab(
    snapshots
      .command('save')
      .argument('<name>', "lower-case letters, digits, '.', '_' and '-'")
      .description("save the lab's whole state under NAME")
      .option('--replace', 'replace a snapshot of that name'),
  ).action((name: string, options: Record<string, unknown>) =>
    run({ kind: 'save', name, replace: options['replace'] === true }, options),
  );
  inLab(
    snapshots
      .command('restore')
      .argument('<name>', 'the snapshot')
      .description("the lab's state becomes the snapshot's"),
  ).action((name: string, options: Record<string, unknown>) => run({ kind: 'restore', name }, options));
  inLab(
    snapshots
      .command('export')
      .argument('<name>', 'the snapshot')
      .description('write the snapshot as a JSON file (standard output without -o)')
      .option('-o, --output <file>', 'the file to write')
      .addOption(
        new Option('--passphrase <text>', 'seals its secrets (8 to 1024 characters) [env GWSIM_SNAPSHOT_PASSPHRASE]'),
      ),
  ).action((name: string, options: Record<string, unknown>) =>
    run(
      { kind: 'export', name, ...(typeof options['output'] === 'string' ? { output: options['output'] } : {}) },
      options,
    ),
  );
  inLab(
    snapshots
      .command('import')
      .argument('<name>', 'the name to keep it under')
      .argument('<file>', 'a file snapshots export wrote')
      .description('store a snapshot file under NAME in the lab (replacing one of that name)')
      .addOption(
        new Option(
          '--passphrase <text>',
          'opens its secrets: the passphrase of the export [env GWSIM_SNAPSHOT_PASSPHRASE]',
        ),
      ),
  ).action((name: string, file: string, options: Record<string, unknown>) =>
    run({ kind: 'import', name, file }, options),
  );
  inLab(snapshots.command('remove').argument('<name>', 'the snapshot').description('remove a snapshot')).action(
    (name: string, options: Record<string, unknown>) => run({ kind: 'remove', name }, options),
  );
}
