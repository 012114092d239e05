import type { LabId } from '../domain/LabId.js';
import { BackgroundService } from '../application/BackgroundService.js';
import type { LabDirectory } from '../application/LabDirectory.js';
import { LabLeases, type LeaseHolder, type PeerProcess } from '../application/LabLeases.js';
import type { Logger } from '../application/Logger.js';
import { ReadinessCheck } from '../application/ReadinessCheck.js';

/** The process id the simulator's thread goes by in leases and forwarded requests. */
export const SIMULATOR_THREAD_PROCESS = 'simulator-thread';
/** The process id of the thread that serves the API beside it. */
export const API_THREAD_PROCESS = 'api-thread';
/** How often the simulator's thread re-reads the lab directory (labs made and removed through the API's thread). */
export const THREAD_LEASE_ROUND_MS = 1000;

/**
 * The leases of the thread that serves the API when the simulator runs in a thread of its own (`gwsim serve` on the
 * embedded engine with the simulator thread on): it holds no lab, and forwards every lab's live requests to the
 * simulator's thread, where it serves (as the processes sharing a PostgreSQL server do). Both threads sign with the
 * key the API's thread chose at start.
 */
export class ApiThreadLeases extends LabLeases {
  readonly process = API_THREAD_PROCESS;
  private simulatorUrl: string | undefined;
  private catchUp: ((lab: LabId) => Promise<void>) | undefined;
  private readonly since = new Date();

  constructor(private readonly key: Buffer) {
    super();
  }

  /** Where the simulator's thread serves, once it does (until then a live request answers 503 SIMULATOR_MOVING). */
  simulatorServesAt(url: string | undefined): void {
    this.simulatorUrl = url;
  }

  /** How the simulator's thread is asked to catch up with a lab (see caughtUp), once it serves. */
  simulatorCatchesUpWith(catchUp: ((lab: LabId) => Promise<void>) | undefined): void {
    this.catchUp = catchUp;
  }

  override async caughtUp(lab: LabId): Promise<void> {
    await this.catchUp?.(lab);
  }

  /** Whether the simulator's thread serves (the readiness check `simulator`). */
  simulatorServes(): boolean {
    return this.simulatorUrl !== undefined;
  }

  holds(_lab: LabId): boolean {
    return false;
  }

  async claim(_lab: LabId): Promise<boolean> {
    return false;
  }

  async holder(_lab: LabId): Promise<LeaseHolder | undefined> {
    return this.simulatorUrl
      ? { process: SIMULATOR_THREAD_PROCESS, url: this.simulatorUrl, since: this.since }
      : undefined;
  }

  async peers(): Promise<readonly PeerProcess[]> {
    return this.simulatorUrl ? [{ process: SIMULATOR_THREAD_PROCESS, url: this.simulatorUrl }] : [];
  }

  advertise(_url: string): void {
    // the simulator's thread never forwards to this one
  }

  async forwardingKey(): Promise<Buffer> {
    return this.key;
  }

  onChange(_listener: (lab: LabId, held: boolean) => void | Promise<void>): () => void {
    return () => undefined;
  }
}

/** Ready once the simulator's thread serves: before, the live operations answer 503 SIMULATOR_MOVING. */
export class SimulatorThreadReadiness extends ReadinessCheck {
  readonly name = 'simulator';

  constructor(private readonly leases: ApiThreadLeases) {
    super();
  }

  async check(): Promise<string | undefined> {
    return this.leases.simulatorServes() ? undefined : "the simulator's thread is still starting";
  }
}

/**
 * The leases of the simulator's thread: it holds every lab of the directory. Labs are made and removed through
 * the API's thread, so it re-reads the directory once a second (THREAD_LEASE_ROUND_MS) and tells its listeners
 * (the traffic pump, the SIP service) of the labs that came and went, as a process sharing a server does.
 */
export class SimulatorThreadLeases extends LabLeases implements BackgroundService {
  readonly name = 'lab leases of the simulator thread';
  readonly process = SIMULATOR_THREAD_PROCESS;
  private url: string | undefined;
  private readonly since = new Date();
  private readonly held = new Set<LabId>();
  private readonly listeners = new Set<(lab: LabId, held: boolean) => void | Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;

  constructor(
    private readonly key: Buffer,
    private readonly directory: LabDirectory,
    private readonly logger: Logger,
  ) {
    super();
  }

  holds(lab: LabId): boolean {
    return this.held.has(lab);
  }

  /**
   * A lab made through the API's thread is held at once: the directory is read again now. A round already under way
   * may have read it before the lab was made, so when that round ends without the lab, one more is run.
   */
  async claim(lab: LabId): Promise<boolean> {
    if (this.held.has(lab)) return true;
    await this.follow();
    if (!this.held.has(lab)) await this.follow();
    return this.held.has(lab);
  }

  async holder(lab: LabId): Promise<LeaseHolder | undefined> {
    return this.held.has(lab) ? { process: this.process, url: this.url, since: this.since } : undefined;
  }

  async peers(): Promise<readonly PeerProcess[]> {
    return [];
  }

  advertise(url: string): void {
    this.url = url;
  }

  async forwardingKey(): Promise<Buffer> {
    return this.key;
  }

  onChange(listener: (lab: LabId, held: boolean) => void | Promise<void>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Re-reads the directory now and follows it (the API's thread made or removed a lab). One round at a time. */
  follow(): Promise<void> {
    this.round ??= this.readDirectory().finally(() => {
      this.round = undefined;
    });
    return this.round;
  }

  async start(): Promise<void> {
    await this.follow();
    this.timer = setInterval(() => {
      void this.follow();
    }, THREAD_LEASE_ROUND_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.round;
  }

  private async readDirectory(): Promise<void> {
    try {
      await this.directory.refresh();
      const labs = new Set(this.directory.list().map((entry) => entry.id));
      for (const lab of [...this.held]) {
        if (labs.has(lab)) continue;
        this.held.delete(lab);
        await this.emit(lab, false);
      }
      for (const lab of labs) {
        if (this.held.has(lab)) continue;
        this.held.add(lab);
        await this.emit(lab, true);
      }
    } catch (error) {
      this.logger.warn(
        { err: error },
        'the simulator thread could not re-read the lab directory; the next round tries again',
      );
    }
  }

  private async emit(lab: LabId, held: boolean): Promise<void> {
    for (const listener of [...this.listeners]) {
      try {
        await listener(lab, held);
      } catch (error) {
        this.logger.warn({ err: error, lab, held }, 'a part of the simulator could not follow a lab that came or went');
      }
    }
  }
}
