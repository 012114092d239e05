import { Option, type Command } from 'commander';
import type { ControlOptions } from './controlRequest.js';
import { serverUrl } from './serverUrl.js';

/** The help of --url: how every verb finds the running gwsim. */
const URL_HELP = 'the running gwsim (default: GWSIM_URL, else http://HOST:PORT as gwsim serve reads them)';

/**
 * The options the verbs that talk to a running gwsim share, declared once, read with the environment filling in
 * (a flag wins over its variable): the server as `gwsim serve` was told (--url, GWSIM_URL, PORT and HOST), the
 * user (--user/--password, GWSIM_USER and GWSIM_PASSWORD or GWSIM_ADMIN_PASSWORD), the lab (--lab) and --json.
 */
export class SharedOptions {
  constructor(readonly env: NodeJS.ProcessEnv) {}

  /** --url alone (`gwsim ready`). */
  url(command: Command): Command {
    return command.addOption(new Option('--url <url>', URL_HELP));
  }

  /**
   * --url, --user, --password and --json: a running gwsim, one of its administrators, and how to print its answer;
   * with `lab`, --lab too (every endpoint under /_sim/labs/{lab}).
   */
  connection(command: Command, lab: boolean): Command {
    this.url(command)
      .addOption(new Option('--user <user>', 'an administrator (default: anadmin) [env GWSIM_USER]'))
      .addOption(
        new Option(
          '--password <password>',
          "its password (default: GWSIM_PASSWORD, else GWSIM_ADMIN_PASSWORD, else 'anadmin')",
        ),
      );
    if (lab) command.option('--lab <lab>', "the lab to act on (default: the default lab, 'default')");
    return command.option('--json', 'print the answer as JSON');
  }

  /**
   * A verb's group of commands (`gwsim traffic`): its one-line summary for `gwsim --help`, its description, and
   * help that names the options each of its commands takes and what its exit codes mean.
   */
  group(
    command: Command,
    text: { summary: string; description: string; lab: boolean | string; exitCodes: string },
  ): Command {
    const lab = text.lab === true ? ', --lab' : typeof text.lab === 'string' ? `, --lab (${text.lab})` : '';
    return command
      .summary(text.summary)
      .description(text.description)
      .addHelpText(
        'after',
        `\nEach command takes --url, --user, --password${lab} and --json (see its --help).\n` +
          `Exit codes: ${text.exitCodes}`,
      );
  }

  /** Where the server is (see serverUrl: a ConfigError, exit code 2, for an unusable value). */
  urlOf(options: Record<string, unknown>): { url: string; from: string } {
    return serverUrl(options['url'] as string | undefined, this.env);
  }

  /** What the connection's options say, the variables and the defaults filling in. */
  connectionOf(options: Record<string, unknown>): ControlOptions {
    return {
      ...this.urlOf(options),
      user: (options['user'] as string | undefined) ?? (this.env['GWSIM_USER'] || 'anadmin'),
      password:
        (options['password'] as string | undefined) ??
        (this.env['GWSIM_PASSWORD'] || this.env['GWSIM_ADMIN_PASSWORD'] || 'anadmin'),
      lab: (options['lab'] as string | undefined) ?? 'default',
      json: options['json'] === true,
    };
  }
}
