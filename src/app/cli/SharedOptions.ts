import { Option, type Command } from 'commander';
import type { ControlOptions } from './controlRequest.js';

/** The options several commands share, declared once, read with the environment filling in (a flag wins over its variable). */
export class SharedOptions {
  constructor(readonly env: NodeJS.ProcessEnv) {}

  /** --url: the gwsim a command talks to, `help` saying which by default. */
  url(help: string): Option {
    return new Option('--url <url>', `${help} [env GWSIM_URL]`);
  }

  /** --url, --user, --password and --json: a running gwsim, one of its administrators, and how to print its answer. */
  connection(command: Command): Command {
    return command
      .addOption(this.url('the gwsim to talk to (default http://127.0.0.1:8111)'))
      .addOption(new Option('--user <user>', 'an administrator (default anadmin) [env GWSIM_USER]'))
      .addOption(new Option('--password <password>', "its password (default 'anadmin') [env GWSIM_PASSWORD]"))
      .option('--json', 'print the answer as JSON');
  }

  /** What the connection's options say, the variables and the defaults filling in. */
  connectionOf(options: Record<string, unknown>): ControlOptions {
    return {
      url: (options['url'] as string | undefined) ?? this.env['GWSIM_URL'] ?? 'http://127.0.0.1:8111',
      user: (options['user'] as string | undefined) ?? this.env['GWSIM_USER'] ?? 'anadmin',
      password: (options['password'] as string | undefined) ?? this.env['GWSIM_PASSWORD'] ?? 'anadmin',
      json: options['json'] === true,
    };
  }

  /** --lab, the default lab unless given. */
  lab(command: Command): Command {
    return command.option('--lab <lab>', 'the lab (default: default)', 'default');
  }
}
