import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freeUdpPort } from './sipp.js';

/** The baresip binary (Debian's package baresip-core). */
export const BARESIP = process.env['BARESIP'] ?? '/usr/bin/baresip';
const MODULES = '/usr/lib/baresip/modules';

/** Whether baresip is installed with the modules these tests load. */
export function baresipInstalled(): boolean {
  const probe = spawnSync(BARESIP, ['-h'], { encoding: 'utf8', timeout: 5_000 });
  return probe.error === undefined && /baresip/i.test(`${probe.stdout}${probe.stderr}`);
}

/** An event baresip's ctrl_tcp module reports (REGISTER_OK, CALL_INCOMING, CALL_ESTABLISHED, CALL_CLOSED, …). */
export interface BaresipEvent {
  readonly type: string;
  readonly class?: string;
  readonly accountaor?: string;
  readonly direction?: string;
  readonly peeruri?: string;
  readonly id?: string;
  readonly param?: string;
}

/** A phone of the test: one account and where it registers. */
export interface BaresipPhone {
  /** The display name in its address-of-record. */
  readonly displayName: string;
  /** The user it registers under (its extension). */
  readonly user: string;
  readonly password: string;
  /** The registrar's domain: the address-of-record is sip:user@domain. */
  readonly domain: string;
  /** The registrar node's UDP port on 127.0.0.1 (the outbound proxy: every request goes there). */
  readonly registrarPort: number;
  /** The frequency of the tone it sends (ausine), in Hz. */
  readonly toneHz: number;
}

/** The config file of a baresip that listens on 127.0.0.1 only, sends a tone, plays into nothing and takes commands over TCP. */
function config(sipPort: number, controlPort: number, toneHz: number): string {
  return [
    `module_path ${MODULES}`,
    `sip_listen 127.0.0.1:${sipPort}`,
    'net_interface 127.0.0.1',
    // the source a tone; the player and the alerts a bridge device no source reads: the audio goes nowhere
    `audio_source ausine,${toneHz}`,
    'audio_player aubridge,nowhere',
    'audio_alert aubridge,nowhere',
    'ausrc_srate 48000',
    'ausrc_channels 2',
    'rtp_stats yes',
    'module g711.so',
    'module ausine.so',
    'module aubridge.so',
    'module_app account.so',
    'module_app menu.so',
    'module_app ctrl_tcp.so',
    `ctrl_tcp_listen 127.0.0.1:${controlPort}`,
    '',
  ].join('\n');
}

/** A netstring's length prefix and payload, and what is left of the buffer after it (undefined: incomplete). */
function readNetstring(buffer: Buffer): { payload: string; rest: Buffer } | undefined {
  const colon = buffer.indexOf(':');
  if (colon < 0) return undefined;
  const length = Number(buffer.subarray(0, colon).toString('latin1'));
  if (!Number.isInteger(length)) throw new Error(`not a netstring: ${buffer.toString('latin1', 0, 40)}`);
  const end = colon + 1 + length;
  if (buffer.length < end + 1) return undefined;
  return { payload: buffer.toString('utf8', colon + 1, end), rest: buffer.subarray(end + 1) };
}

/**
 * A real softphone: baresip started with its own temporary config directory (an accounts file with one account
 * that registers at the registrar node with its password, answers calls by itself and sends a tone), driven over
 * its ctrl_tcp module (netstring JSON commands; its events collected).
 */
export class Baresip {
  readonly events: BaresipEvent[] = [];
  private readonly pending = new Map<string, (response: { ok: boolean; data: string }) => void>();
  private output = '';
  private token = 0;

  private constructor(
    readonly phone: BaresipPhone,
    readonly sipPort: number,
    private readonly directory: string,
    private readonly child: ChildProcess,
    private readonly control: Socket,
  ) {
    child.stdout!.on('data', (chunk: Buffer) => (this.output += chunk.toString('utf8')));
    child.stderr!.on('data', (chunk: Buffer) => (this.output += chunk.toString('utf8')));
    let buffer: Buffer = Buffer.alloc(0);
    control.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (let next = readNetstring(buffer); next; next = readNetstring(buffer)) {
        buffer = next.rest;
        this.received(JSON.parse(next.payload) as Record<string, unknown>);
      }
    });
  }

  /** Starts baresip for `phone` and connects to its control port; it registers at once. */
  static async start(phone: BaresipPhone): Promise<Baresip> {
    const [sipPort, controlPort] = [await freeUdpPort(), await freeUdpPort()];
    const directory = mkdtempSync(path.join(tmpdir(), `baresip-${phone.user}-`));
    writeFileSync(path.join(directory, 'config'), config(sipPort, controlPort, phone.toneHz));
    const account = [
      `"${phone.displayName}" <sip:${phone.user}@${phone.domain}>`,
      `auth_pass=${phone.password}`,
      `outbound="sip:127.0.0.1:${phone.registrarPort}"`,
      'answermode=auto',
      'regint=600',
    ].join(';');
    writeFileSync(path.join(directory, 'accounts'), `${account}\n`);
    const child = spawn(BARESIP, ['-4', '-f', directory], { stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    child.once('exit', () => running.delete(child));
    const control = await connectWhenListening(controlPort, child);
    return new Baresip(phone, sipPort, directory, child, control);
  }

  private received(message: Record<string, unknown>): void {
    if (message['event'] === true) {
      this.events.push(message as unknown as BaresipEvent);
      return;
    }
    const token = String(message['token'] ?? '');
    const resolve = this.pending.get(token);
    this.pending.delete(token);
    resolve?.({ ok: message['ok'] === true, data: String(message['data'] ?? '') });
  }

  /** Runs one of baresip's commands (dial, accept, hangup, sndcode, audio_debug, …) and answers its reply. */
  command(command: string, params = ''): Promise<{ ok: boolean; data: string }> {
    this.token += 1;
    const token = `t${this.token}`;
    const payload = Buffer.from(JSON.stringify({ command, params, token }), 'utf8');
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(token);
        reject(new Error(`baresip ${this.phone.user} did not answer "${command} ${params}"`));
      }, 5_000);
      this.pending.set(token, (response) => {
        clearTimeout(timer);
        resolve(response);
      });
      this.control.write(Buffer.concat([Buffer.from(`${payload.length}:`), payload, Buffer.from(',')]));
    });
  }

  /**
   * Whether its account is registered, as baresip's reginfo says ("OK" and the expiry the registrar granted, in
   * seconds), and the expiry.
   */
  async registration(): Promise<{ ok: boolean; expires: number | undefined }> {
    const info = (await this.command('reginfo')).data.replace(/\x1b\[[0-9;]*m/g, '');
    const line = info.split('\n').find((l) => l.includes(`sip:${this.phone.user}@${this.phone.domain}`)) ?? '';
    const expires = /Expires\s+(\d+)s/.exec(line)?.[1];
    return { ok: /\sOK\s/.test(line), expires: expires === undefined ? undefined : Number(expires) };
  }

  /**
   * The RTP of its call as baresip counts it (audio_debug: the packets its RTCP session sent, and those it received
   * from every source, each a member of its RTCP session: after a transfer the new party's stream is a second one);
   * undefined when it has no call.
   */
  async rtp(): Promise<{ sent: number; received: number } | undefined> {
    const debug = (await this.command('audio_debug')).data;
    const sent = /TX: packets=(\d+)/.exec(debug)?.[1];
    const received = [...debug.matchAll(/rcvd=(\d+)/g)].map((m) => Number(m[1]));
    if (sent === undefined || received.length === 0) return undefined;
    return { sent: Number(sent), received: received.reduce((sum, n) => sum + n, 0) };
  }

  /** The RTP totals baresip printed when its last call closed ("packets: <transmit> <receive>"). */
  finalRtp(): { sent: number; received: number } | undefined {
    const totals = [...this.output.matchAll(/^packets:\s+(\d+)\s+(\d+)/gm)].at(-1);
    return totals ? { sent: Number(totals[1]), received: Number(totals[2]) } : undefined;
  }

  /** The RFC 4733 digits it received (its log's "received event: 'x' (end=1)"), in order. */
  receivedDigits(): string[] {
    return [...this.output.matchAll(/received event: '(.)' \(end=1\)/g)].map((m) => m[1]!);
  }

  /** Whether an event of `type` has been reported. */
  saw(type: string): boolean {
    return this.events.some((event) => event.type === type);
  }

  /** What baresip printed so far (its log: registrations, calls, errors). */
  get log(): string {
    return this.output;
  }

  /** Ends baresip (its calls hung up, its registration removed when it can) and removes its directory. */
  async stop(): Promise<void> {
    this.control.destroy();
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
      this.child.kill('SIGTERM');
      const killer = setTimeout(() => this.child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(this.directory, { recursive: true, force: true });
  }
}

// Every baresip still running: killed when the test process exits, so that none outlives the tests.
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Connects to baresip's control port once it listens (baresip started a moment ago). */
async function connectWhenListening(port: number, child: ChildProcess): Promise<Socket> {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`baresip ended (exit ${child.exitCode}) before it took commands`);
    const socket = await new Promise<Socket | undefined>((resolve) => {
      const attempt = connect(port, '127.0.0.1');
      attempt.once('connect', () => resolve(attempt));
      attempt.once('error', () => resolve(undefined));
    });
    if (socket) return socket;
    if (Date.now() - started > 5_000) {
      child.kill('SIGKILL');
      throw new Error(`baresip did not listen on its control port ${port} within 5 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
