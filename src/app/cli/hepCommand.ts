import type { Command } from 'commander';
import type { ControlOptions } from './controlRequest.js';
import { EXIT } from './exitCodes.js';
import type { SharedOptions } from './SharedOptions.js';

/** What `on` changes of the lab's HEP setting (the fields of PUT /_sim/labs/{lab}/hep). */
export interface HepChange {
  enabled: boolean;
  host?: string;
  port?: number;
  transport?: string;
  captureId?: number;
  password?: string;
}

interface HepState {
  enabled: boolean;
  host: string;
  port: number;
  transport: string;
  captureId: number;
  passwordSet: boolean;
  sender?: { state: string; sent: number; dropped: number; queued: number; lastError?: string };
}

/** The flags the server's refusals are told in. */
const FLAGS = {
  host: '--collector',
  port: '--collector',
  transport: '--transport',
  captureId: '--capture-id',
  password: '--hep-password',
};

/** `host`, `host:port`, `[v6]:port` or a bare IPv6 address: the collector's host and, when given, its port. */
export function parseCollector(text: string): { host: string; port?: number } | undefined {
  if (!text.startsWith('[') && text.split(':').length > 2) return { host: text };
  const [, host, port] = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(text) ?? /^([^:[\]]+)(?::(\d{1,5}))?$/.exec(text) ?? [];
  if (host === undefined) return undefined;
  return port === undefined ? { host } : { host, port: Number(port) };
}

/** A human summary of a lab's HEP (what `status`, `on` and `off` print without --json). */
export function describeHep(lab: string, state: HepState): string {
  const where = state.host === '' ? 'no collector set' : `${state.transport} to ${state.host}:${state.port}`;
  const lines = [
    `HEP of lab ${lab}: ${state.enabled ? 'on' : 'off'} (${where}, capture id ${state.captureId}, ${state.passwordSet ? 'a password set' : 'no password'})`,
  ];
  const sender = state.sender;
  if (sender)
    lines.push(
      `  ${sender.state}: ${sender.sent} messages sent, ${sender.dropped} dropped, ${sender.queued} waiting${sender.lastError ? ` (last error: ${sender.lastError})` : ''}`,
    );
  return lines.join('\n');
}

/** The change `on`'s flags ask for; a usage error's text when one is malformed. */
export function hepChange(options: Record<string, unknown>): HepChange | string {
  const change: HepChange = { enabled: true };
  if (typeof options['collector'] === 'string') {
    const collector = parseCollector(options['collector']);
    if (!collector) return `--collector must be HOST or HOST:PORT, not '${options['collector']}'`;
    Object.assign(change, collector);
  }
  if (typeof options['transport'] === 'string') change.transport = options['transport'];
  if (options['captureId'] !== undefined) {
    if (!/^\d{1,10}$/.test(String(options['captureId'])))
      return `--capture-id must be a whole number from 0 to 4294967295, not '${String(options['captureId'])}'`;
    change.captureId = Number(options['captureId']);
  }
  if (typeof options['hepPassword'] === 'string') change.password = options['hepPassword'];
  else if (options['hepPassword'] === false) change.password = '';
  return change;
}

/** Asks the running gwsim: GET the lab's HEP, or PUT a change; prints the answer. */
async function hep(command: string, change: HepChange | undefined, options: ControlOptions): Promise<number> {
  const { controlRequest, labPath } = await import('./controlRequest.js');
  const answer = await controlRequest(
    {
      command: `hep ${command}`,
      method: change === undefined ? 'GET' : 'PUT',
      path: labPath(options.lab, '/hep'),
      body: change,
      names: FLAGS,
    },
    options,
  );
  if ('code' in answer) return answer.code;
  console.log(options.json ? JSON.stringify(answer.json) : describeHep(options.lab, answer.json as HepState));
  return EXIT.ok;
}

/**
 * `gwsim hep status|on|off`: where a lab sends its SIP messages as HEP3 (Homer, sngrep), in a running gwsim (its
 * /_sim/labs/{lab}/hep endpoint). Declared and handled here; the request's module loads only when the command runs.
 */
export function hepCommand(program: Command, shared: SharedOptions): void {
  const group = shared.group(program.command('hep'), {
    summary: "a lab's SIP messages to a HEP collector: status, on, off",
    description:
      'send every SIP message a lab records, real and synthetic, as HEP3 to a collector such as Homer or sngrep, in a running gwsim (its /_sim/labs/{lab}/hep endpoint; administrators only)',
    lab: true,
    exitCodes: '0 done, 1 refused (the message names the flag) or unreachable, 2 usage error.',
  });
  const run = async (command: string, change: HepChange | undefined, options: Record<string, unknown>) => {
    process.exitCode = await hep(command, change, shared.connectionOf(options));
  };
  shared
    .connection(group.command('status').description('the collector, the capture id, and how the messages fare'), true)
    .action((options: Record<string, unknown>) => run('status', undefined, options));
  shared
    .connection(
      group
        .command('on')
        .description("send the lab's SIP messages to the collector (the lab's current values for flags left out)")
        .option(
          '--collector <host[:port]>',
          'the collector: an IP address or host name, and its port (9060 unless set)',
        )
        .option('--transport <transport>', 'udp (a datagram per message) or tcp (one connection)')
        .option('--capture-id <n>', 'the capture agent id Homer shows as the node, 0 to 4294967295')
        .option('--hep-password <password>', "the collector's password (HEP's authentication key)")
        .option('--no-hep-password', 'send no password'),
      true,
    )
    .action((options: Record<string, unknown>) => {
      const change = hepChange(options);
      if (typeof change === 'string') {
        console.error(`gwsim: hep on: ${change}`);
        process.exitCode = EXIT.usage;
        return undefined;
      }
      return run('on', change, options);
    });
  shared
    .connection(group.command('off').description("stop sending; the lab keeps its collector for the next 'on'"), true)
    .action((options: Record<string, unknown>) => run('off', { enabled: false }, options));
}
