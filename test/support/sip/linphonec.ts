import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freeUdpPort } from './sipp.js';

/** linphonec, the console softphone of Debian's package linphone-cli. */
export const LINPHONEC = process.env['LINPHONEC'] ?? '/usr/bin/linphonec';

/** Whether linphonec is installed (it answers -v). */
export function linphonecInstalled(): boolean {
  const probe = spawnSync(LINPHONEC, ['-v'], { encoding: 'utf8', timeout: 5_000 });
  return probe.error === undefined && /linphonec|version/i.test(`${probe.stdout}${probe.stderr}`);
}

/** A phone of the test: one identity and the registrar it registers at. */
export interface LinphonePhone {
  readonly displayName: string;
  /** The user it registers under (its extension). */
  readonly user: string;
  readonly password: string;
  /** The registrar's domain: the identity is sip:user@domain. */
  readonly domain: string;
  /** The registrar node's UDP port on 127.0.0.1. */
  readonly registrarPort: number;
  /** The frequency of the tone it plays into its calls, in Hz. */
  readonly toneHz: number;
}

/** A WAV file of `seconds` of a sine tone: 8 kHz, mono, 16-bit PCM (what linphonec plays in file mode). */
function toneWav(hz: number, seconds: number): Buffer {
  const rate = 8000;
  const samples = rate * seconds;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i += 1)
    wav.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * hz * i) / rate)), 44 + i * 2);
  return wav;
}

/** The config file of a linphonec on 127.0.0.1 alone: its SIP port, UDP only, no video, no STUN nor ICE. */
function config(sipPort: number): string {
  return [
    '[sip]',
    `sip_port=${sipPort}`,
    'sip_tcp_port=-1',
    'sip_tls_port=-1',
    'ipv6=0',
    '[rtp]',
    'audio_rtp_port=-1',
    'video_rtp_port=-1',
    '[net]',
    'firewall_policy=0',
    '[video]',
    'capture=0',
    'display=0',
    '',
  ].join('\n');
}

/**
 * A real softphone: linphonec with its own home and config directory, driven on its standard input (the commands of
 * its console: call, answer, pause, transfer, terminate, calls, …) and read on its output. Its sound is files: the
 * tone it plays is what it sends, what it receives goes to a file (no sound device is needed).
 */
export class Linphonec {
  private output = '';
  private readonly waiting = new Set<() => void>();

  private constructor(
    readonly phone: LinphonePhone,
    readonly sipPort: number,
    private readonly directory: string,
    private readonly child: ChildProcess,
  ) {
    const take = (chunk: Buffer) => {
      this.output += chunk.toString('utf8');
      for (const wake of [...this.waiting]) wake();
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
  }

  /** Starts linphonec for `phone` (answering calls by itself) and registers it; answers once it is registered. */
  static async start(phone: LinphonePhone): Promise<Linphonec> {
    const sipPort = await freeUdpPort();
    const directory = mkdtempSync(path.join(tmpdir(), `linphonec-${phone.user}-`));
    mkdirSync(path.join(directory, '.local', 'share', 'linphone'), { recursive: true });
    writeFileSync(path.join(directory, 'linphonerc'), config(sipPort));
    const tone = path.join(directory, 'tone.wav');
    writeFileSync(tone, toneWav(phone.toneHz, 60));
    const child = spawn(LINPHONEC, ['-c', path.join(directory, 'linphonerc'), '-a'], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, HOME: directory },
    });
    running.add(child);
    child.once('exit', () => running.delete(child));
    const phoneProcess = new Linphonec(phone, sipPort, directory, child);
    await phoneProcess.expect(/linphonec> /, 'its prompt');
    phoneProcess.command('soundcard use files');
    phoneProcess.command(`play ${tone}`);
    phoneProcess.command(
      `register sip:${phone.user}@${phone.domain} sip:127.0.0.1:${phone.registrarPort} ${phone.password}`,
    );
    return phoneProcess;
  }

  /** Whether its registration succeeded, as its `status register` says (`registered, identity=…`). */
  async registered(): Promise<boolean> {
    const mark = this.output.length;
    this.command('status register');
    const answer = await this.expect(/(unregistered|registered)[^\n]*\n/, 'its registration status', 5_000, mark);
    return answer[1] === 'registered';
  }

  /** Sends one line of its console. */
  command(line: string): void {
    this.child.stdin!.write(`${line}\n`);
  }

  /**
   * Waits until its output, from `from` on (a mark of `log.length`), matches `pattern`; the match. Throws with the
   * output after `deadlineMs` or when linphonec ended.
   */
  async expect(pattern: RegExp, what: string, deadlineMs = 10_000, from = 0): Promise<RegExpMatchArray> {
    const started = Date.now();
    for (;;) {
      const found = pattern.exec(this.output.slice(from));
      if (found) return found;
      if (this.child.exitCode !== null || Date.now() - started > deadlineMs)
        throw new Error(`linphonec ${this.phone.user}: never happened: ${what}\n${this.output.slice(-4000)}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiting.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, 100);
        this.waiting.add(wake);
      });
    }
  }

  /** What linphonec printed so far. */
  get log(): string {
    return this.output;
  }

  /** Ends linphonec (its calls hung up) and removes its directory. */
  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
      this.command('terminate all');
      this.command('quit');
      const killer = setTimeout(() => this.child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(this.directory, { recursive: true, force: true });
  }
}

// Every linphonec still running: killed when the test process exits, so that none outlives the tests.
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});
