import path from 'node:path';
import { Worker, type MessagePort } from 'node:worker_threads';
import type { LabId } from '../shared/domain/LabId.js';
import type { Logger } from '../shared/application/Logger.js';
import type { UnitOfWork } from '../shared/application/UnitOfWork.js';
import type { ApiThreadLeases } from '../shared/infrastructure/ThreadLabLeases.js';
import type { AppConfig } from './config/AppConfig.js';
import type { SimulatorFigures } from './metrics/simulatorMetrics.js';
import type { LabSip } from './readLabSip.js';

/** What the API's thread gives the simulator's thread at its start. */
export interface SimulatorThreadData {
  readonly config: AppConfig;
  /** Whether the process's output is a terminal (the thread's readable log lines are coloured then, as the process's). */
  readonly logColors: boolean;
  /** The key both threads sign forwarded requests with. */
  readonly key: Uint8Array;
  /** Sessions of the API thread's embedded engines: the configuration's store and the monitor's. */
  readonly store: MessagePort;
  readonly monitor: MessagePort | undefined;
  /** Both threads' counts of committed write units (ThreadCommits). */
  readonly commits: SharedArrayBuffer;
  /** The directory searches of logins in either thread (DirectorySearches). */
  readonly directorySearches: SharedArrayBuffer;
}

/** The API's thread → the simulator's thread. */
export type ToSimulatorThread =
  /** A write unit of the lab committed here: follow it now, not at the next round. */
  | { readonly type: 'changed'; readonly lab: LabId }
  /** Follow every change of the lab committed here, advance its calls to the lab clock, write their history; answer `caughtUp`. */
  | { readonly type: 'catchUp'; readonly lab: LabId; readonly id: number }
  | { readonly type: 'stop' };

/** The simulator's thread → the API's thread. */
export type FromSimulatorThread =
  /** Serving; each lab's real SIP as it started (for the start-up summary). */
  | { readonly type: 'ready'; readonly url: string; readonly sip: readonly LabSip[] }
  /** Its simulator's figures for /_sim/metrics, once a second. */
  | { readonly type: 'figures'; readonly figures: Partial<SimulatorFigures> }
  | { readonly type: 'failed'; readonly message: string }
  | { readonly type: 'caughtUp'; readonly id: number; readonly error?: string }
  | { readonly type: 'stopped' };

/** How long the simulator's thread may take to stop before it is ended. */
const STOP_GRACE_MS = 15_000;
/** How long the simulator's thread may take to catch up with a lab (a loaded machine: seconds). */
const CATCH_UP_LIMIT_MS = 60_000;

/**
 * The labs' simulators in a worker thread of their own (`gwsim serve` on the embedded engine, with the simulator
 * thread on): the traffic engines, the SIP stacks on the nodes' ports, the media relays and the history sinks run
 * there, so their work never holds up the API's event loop. The thread is a gateway of its own on sessions of this
 * thread's embedded engines (DatabaseSessions keeps the two threads' transactions apart): it holds every lab
 * (SimulatorThreadLeases) and serves, on a port of the loopback, the live requests this thread forwards to it
 * (ApiThreadLeases), as the processes sharing a PostgreSQL server do. A write unit committed here is told to it
 * at once; it also checks every lab once a second. If the thread dies, `onFailure` hears of it.
 */
export class SimulatorThread {
  private stopping: Promise<void> | undefined;
  private exited = false;
  private latest: Partial<SimulatorFigures> = {};
  /** Each lab's real SIP as the thread started it. */
  sipAtStart: readonly LabSip[] = [];
  private catchUps = 0;
  private readonly waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();

  private constructor(
    private readonly worker: Worker,
    private readonly logger: Logger,
  ) {}

  static async start(options: {
    readonly config: AppConfig;
    readonly key: Buffer;
    readonly commits: SharedArrayBuffer;
    readonly directorySearches: SharedArrayBuffer;
    readonly store: MessagePort;
    readonly monitor: MessagePort | undefined;
    readonly logger: Logger;
    readonly unitOfWork: UnitOfWork;
    readonly leases: ApiThreadLeases;
    readonly onFailure?: (error: Error) => void;
  }): Promise<SimulatorThread> {
    const data: SimulatorThreadData = {
      // the demo is installed and started by this thread; the other only follows what the store says
      config: { ...options.config, demo: false },
      logColors: process.stdout.isTTY === true,
      key: new Uint8Array(options.key),
      store: options.store,
      monitor: options.monitor,
      commits: options.commits,
      directorySearches: options.directorySearches,
    };
    const transfer = options.monitor ? [options.store, options.monitor] : [options.store];
    const worker = new Worker(path.join(__dirname, 'simulatorThreadMain.js'), {
      workerData: data,
      transferList: transfer,
    });
    const thread = new SimulatorThread(worker, options.logger);
    const url = await new Promise<string>((resolve, reject) => {
      const onMessage = (message: FromSimulatorThread) => {
        if (message.type === 'ready') {
          thread.sipAtStart = message.sip;
          resolve(message.url);
        } else if (message.type === 'failed')
          reject(new Error(`the simulator thread could not start: ${message.message}`));
      };
      worker.on('message', onMessage);
      worker.once('error', (error) => reject(new Error(`the simulator thread could not start: ${error.message}`)));
      worker.once('exit', (code) =>
        reject(new Error(`the simulator thread stopped while starting (exit code ${code})`)),
      );
    });
    worker.on('exit', (code) => {
      thread.exited = true;
      if (!thread.stopping) {
        const error = new Error(`the simulator thread stopped (exit code ${code})`);
        options.logger.error({ err: error }, 'the simulator thread stopped');
        options.onFailure?.(error);
      }
    });
    worker.on('error', (error) => options.logger.error({ err: error }, 'the simulator thread failed'));
    worker.on('message', (message: FromSimulatorThread) => {
      if (message.type === 'figures') thread.latest = message.figures;
      else if (message.type === 'caughtUp') thread.answered(message.id, message.error);
    });
    worker.on('exit', () => thread.answerAll('the simulator thread stopped'));
    options.leases.simulatorServesAt(url);
    options.leases.simulatorCatchesUpWith((lab) => thread.catchUp(lab));
    options.unitOfWork.observe({
      begun: () => undefined,
      ended: (lab, ok) => (ok ? () => thread.post({ type: 'changed', lab }) : undefined),
    });
    options.logger.info({ url }, 'the simulator runs in a thread of its own');
    return thread;
  }

  /** The simulator's figures as the thread last told them (once a second). */
  figures(): Partial<SimulatorFigures> {
    return this.latest;
  }

  /** Asks the thread to catch up with the lab (see LabLeases.caughtUp); rejects when it fails, stops or takes too long. */
  catchUp(lab: LabId): Promise<void> {
    if (this.exited || this.stopping) return Promise.resolve();
    const id = (this.catchUps += 1);
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => this.answered(id, `the simulator thread did not catch up with lab '${lab}' in ${CATCH_UP_LIMIT_MS} ms`),
        CATCH_UP_LIMIT_MS,
      );
      const settle = (done: () => void) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        done();
      };
      this.waiting.set(id, {
        resolve: () => settle(resolve),
        reject: (error) => settle(() => reject(error)),
      });
      this.post({ type: 'catchUp', lab, id });
    });
  }

  private answered(id: number, error: string | undefined): void {
    const waiting = this.waiting.get(id);
    if (!waiting) return;
    if (error === undefined) waiting.resolve();
    else waiting.reject(new Error(error));
  }

  private answerAll(error: string): void {
    for (const id of [...this.waiting.keys()]) this.answered(id, error);
  }

  private post(message: ToSimulatorThread): void {
    if (!this.exited && !this.stopping) this.worker.postMessage(message);
  }

  /** Stops the thread's simulator (its calls in progress end with it) and the thread. Idempotent. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      if (this.exited) return;
      const stopped = new Promise<void>((resolve) => {
        this.worker.on('message', (message: FromSimulatorThread) => {
          if (message.type === 'stopped') resolve();
        });
        this.worker.once('exit', () => resolve());
      });
      this.worker.postMessage({ type: 'stop' } satisfies ToSimulatorThread);
      const timer = setTimeout(() => {
        this.logger.warn({}, 'the simulator thread did not stop in time: ending it');
        void this.worker.terminate();
      }, STOP_GRACE_MS);
      await stopped;
      clearTimeout(timer);
      await this.worker.terminate();
    })();
    return this.stopping;
  }
}
