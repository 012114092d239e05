import { Option, type Command } from 'commander';
import { FLAGS, type ParsedFlags } from '../config/loadConfig.js';

type Flag = readonly [flag: string, value: string, help: string];

/** Commander's option key of a flag: '--data-dir' → 'dataDir'. */
function key(flag: string): string {
  return flag.slice(2).replace(/-([a-z])/g, (_m, letter: string) => letter.toUpperCase());
}

/** Flags that set the configuration: each matches an environment variable of loadConfig (the flag wins over the variable). */
export class ConfigFlags {
  /** The `gwsim serve` flags. */
  static readonly SERVE = new ConfigFlags([
    ['--port', 'n', 'port of the management API (default 8111)'],
    ['--host', 'address', 'address to listen on (default 127.0.0.1)'],
    [
      '--database-url',
      'url',
      'a PostgreSQL server, e.g. postgres://user@127.0.0.1:5432/gwsim (default: the embedded engine)',
    ],
    ['--data-dir', 'dir', 'directory of the embedded engine (default .gwsim/data); one gwsim process per directory'],
    [
      '--admin-password',
      'password',
      "password of the built-in administrator 'anadmin' (default 'anadmin', with a warning)",
    ],
    ['--log-level', 'level', 'fatal, error, warn, info, debug, trace or silent (default info)'],
    [
      '--log-format',
      'format',
      'pretty (readable lines) or json (one JSON object per line); default: pretty at a terminal, json otherwise',
    ],
    [
      '--cors-origins',
      'origins',
      "browser origins allowed to call the API, comma-separated (https://tool.example:8443), or '*'; default none",
    ],
    ['--kdf-cost', 'n', "log2 of scrypt's cost for new password hashes, 10 to 20 (default 15)"],
    ['--session-idle-minutes', 'n', 'minutes of inactivity that end a session, 1 to 1440 (default 30)'],
    ['--journal-size', 'n', "requests each lab's request journal keeps, 1 to 1000000 (default 10000)"],
    [
      '--advertise-url',
      'url',
      'where other gwsim processes on the same PostgreSQL server reach this one (default http://<host>:<port>)',
    ],
    ['--sip-host', 'address', "address the labs' SIP listeners bind to (default 127.0.0.1)"],
    [
      '--sip-advertise',
      'address',
      "address SIP peers reach gwsim at, written in Via, Contact and SDP (default: --sip-host; for 0.0.0.0 or ::, this machine's first address)",
    ],
  ]);

  private constructor(private readonly flags: readonly Flag[]) {}

  /** These flags only (in their order here). */
  only(...names: string[]): ConfigFlags {
    return new ConfigFlags(this.flags.filter(([flag]) => names.includes(flag)));
  }

  /** Declares the flags on `command`, each naming its variable. */
  addTo(command: Command): Command {
    for (const [flag, value, help] of this.flags)
      command.addOption(new Option(`${flag} <${value}>`, `${help} [env ${FLAGS[flag]}]`));
    return command;
  }

  /** The flags given on the command line, keyed by the variable each one matches. */
  valuesOf(options: Record<string, unknown>): ParsedFlags {
    const values: Record<string, string> = {};
    for (const [flag] of this.flags) {
      const value = options[key(flag)];
      if (typeof value === 'string') values[FLAGS[flag]!] = value;
    }
    return {
      values,
      ephemeral: options['ephemeral'] === true,
      ...(options['demo'] === false ? { demo: false } : {}),
      ...(options['sip'] === true ? { sip: true } : {}),
    };
  }
}
