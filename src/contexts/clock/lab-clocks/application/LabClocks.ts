import { inject, injectable } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import { DEFAULT_LAB, type LabId } from '../../../../shared/domain/LabId.js';
import { Logger } from '../../../../shared/application/Logger.js';
import { LabScope } from '../../../../shared/application/LabScope.js';
import { LabDirectory } from '../../../../shared/application/LabDirectory.js';
import { StartupTask } from '../../../../shared/application/StartupTask.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { LabClock, type ClockMode } from '../domain/LabClock.js';
import { LabClockSetting } from './LabClockSetting.js';

/** The wall clock the lab clocks run over: the system's, or a test's manual clock. */
export abstract class WallClock extends Clock {}

/**
 * Where the lab clocks are kept: the unit of work and the setting, reached when first used. The settings store
 * itself reads the Clock (its rows' update times), so LabClocks cannot take it at construction.
 */
export abstract class LabClockRepository {
  abstract unitOfWork(): UnitOfWork;
  abstract setting(): LabClockSetting;
}

/** A lab clock as the control API shows it. */
export interface LabClockReading {
  readonly lab: LabId;
  readonly clock: LabClock;
  readonly now: Date;
  readonly wall: Date;
  readonly version: number;
}

/**
 * Every lab's gateway clock, held in memory (read on every `now()`, never from the store) and saved in the
 * settings store on every change, so a restart keeps it. Also the Clock port of the gateway: it answers the time
 * of the lab whose work is in progress (LabScope; the default lab outside any), which is what every time-driven behaviour reads (license validity, password expiry,
 * blockedUntil, call timing, retention, standby timers). Until the store is read at start-up a lab runs in real
 * time.
 */
@injectable()
export class LabClocks extends Clock {
  private readonly clocks = new Map<LabId, { clock: LabClock; version: number }>();
  private readonly listeners = new Set<(lab: LabId, jumpMs: number) => void>();
  /**
   * The read or change of each lab's clock under way: one at a time per lab, so a read of the store (a reload)
   * never lands in memory after a change that committed while it was on its way (the lab's time would go back).
   */
  private readonly queues = new Map<LabId, Promise<unknown>>();

  constructor(
    @inject(WallClock) private readonly wall: WallClock,
    @inject(LabClockRepository) private readonly store: LabClockRepository,
    @inject(LabScope) private readonly scope: LabScope,
    @inject(Logger) private readonly logger: Logger,
  ) {
    super();
  }

  private get unitOfWork(): UnitOfWork {
    return this.store.unitOfWork();
  }

  private get setting(): LabClockSetting {
    return this.store.setting();
  }

  /** The time of the lab whose work is in progress (LabScope), the default lab's outside any (the Clock port). */
  now(): Date {
    return this.nowOf(this.scope.current() ?? DEFAULT_LAB);
  }

  override nowOf(lab: LabId): Date {
    const wall = this.wall.now();
    const entry = this.clocks.get(lab);
    if (!entry) return wall;
    const ms = entry.clock.nowMs(wall.getTime());
    // a lab in real time (the common case) answers the wall clock's own new Date: one Date per reading, not two
    return ms === wall.getTime() ? wall : new Date(ms);
  }

  /** Reads a lab's stored clock into memory (start-up; a lab whose clock was never changed stays in real time). */
  load(lab: LabId): Promise<void> {
    return this.serial(lab, () => this.read(lab));
  }

  private async read(lab: LabId): Promise<void> {
    const stored = await this.unitOfWork.read(() => this.setting.read(lab));
    this.clocks.set(lab, { clock: stored.value, version: stored.version });
    if (stored.value.mode !== 'real' || stored.version > 0) {
      this.logger.info({ lab, mode: stored.value.mode, now: this.nowOf(lab).toISOString() }, 'lab clock restored');
    }
  }

  /**
   * Reads a lab's clock again after its setting was replaced (a snapshot restored): the lab's time moves to what the
   * restored clock says, and listeners hear the jump as they hear an advance.
   */
  async reload(lab: LabId): Promise<void> {
    const before = this.nowOf(lab).getTime();
    await this.load(lab);
    const jumpMs = this.nowOf(lab).getTime() - before;
    if (jumpMs !== 0) for (const listener of this.listeners) listener(lab, jumpMs);
  }

  reading(lab: LabId): LabClockReading {
    const entry = this.clocks.get(lab) ?? { clock: LabClock.real(), version: 0 };
    const wall = this.wall.now();
    return { lab, clock: entry.clock, now: new Date(entry.clock.nowMs(wall.getTime())), wall, version: entry.version };
  }

  /**
   * Switches a lab's clock to `mode` (see LabClock.withMode): from `now`, or at `offsetMs` from the wall clock's
   * time (0: back to wall time), or from where it is.
   */
  setMode(
    lab: LabId,
    mode: ClockMode,
    options: { scale?: number; now?: Date; offsetMs?: number } = {},
  ): Promise<LabClockReading> {
    return this.change(lab, (clock, wallMs) =>
      clock.withMode(wallMs, mode, {
        ...(options.scale !== undefined ? { scale: options.scale } : {}),
        ...(options.now ? { nowMs: options.now.getTime() } : {}),
        ...(options.offsetMs !== undefined ? { offsetMs: options.offsetMs } : {}),
      }),
    );
  }

  /** Back to wall time: real time at no offset (a frozen or scaled clock, or one advanced or set, included). */
  toWallTime(lab: LabId): Promise<LabClockReading> {
    return this.setMode(lab, 'real', { offsetMs: 0 });
  }

  advance(lab: LabId, byMs: number): Promise<LabClockReading> {
    return this.change(lab, (clock, wallMs) => clock.advancedBy(wallMs, byMs));
  }

  /** Forgets a removed lab's clock (a lab made again under its name starts in real time). */
  forget(lab: LabId): void {
    this.clocks.delete(lab);
  }

  /** Hears every jump of a lab's time (advanced, or set to another instant): `jumpMs` is how far (negative: back). */
  onJump(listener: (lab: LabId, jumpMs: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Runs `work` after the lab's read or change under way (see queues). */
  private serial<T>(lab: LabId, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(lab) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    this.queues.set(lab, next);
    void next
      .catch(() => undefined)
      .finally(() => {
        if (this.queues.get(lab) === next) this.queues.delete(lab);
      });
    return next;
  }

  private change(lab: LabId, apply: (clock: LabClock, wallMs: number) => LabClock): Promise<LabClockReading> {
    return this.serial(lab, () => this.changeNow(lab, apply));
  }

  private async changeNow(lab: LabId, apply: (clock: LabClock, wallMs: number) => LabClock): Promise<LabClockReading> {
    const saved = await this.unitOfWork.write(lab, async () => {
      const current = await this.setting.read(lab);
      const wallMs = this.wall.now().getTime();
      const before = current.value.nowMs(wallMs);
      const next = apply(current.value, wallMs);
      const versioned = await this.setting.save(lab, next, current.version);
      return { versioned, jumpMs: next.nowMs(wallMs) - before };
    });
    this.clocks.set(lab, { clock: saved.versioned.value, version: saved.versioned.version });
    const reading = this.reading(lab);
    this.logger.info(
      { lab, mode: reading.clock.mode, now: reading.now.toISOString(), jumpMs: saved.jumpMs },
      'lab clock changed',
    );
    if (saved.jumpMs !== 0) for (const listener of this.listeners) listener(lab, saved.jumpMs);
    return reading;
  }
}

/** Reads the default lab's clock from the store before the gateway serves. */
@injectable()
export class LoadLabClocks extends StartupTask {
  readonly name = 'lab clocks';
  override readonly first = true;

  constructor(
    @inject(LabClocks) private readonly clocks: LabClocks,
    @inject(LabDirectory) private readonly directory: LabDirectory,
  ) {
    super();
  }

  /** Reads which labs exist (first: the HTTP edge asks the directory on every request under /labs/…), then their clocks. */
  async run(): Promise<void> {
    await this.directory.load();
    for (const { id } of this.directory.list()) await this.clocks.load(id);
  }
}
