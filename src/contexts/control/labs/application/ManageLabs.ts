import { inject, injectable, multiInject, optional } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import { DEFAULT_LAB, type LabId } from '../../../../shared/domain/LabId.js';
import { LabDirectory, type LabEntry } from '../../../../shared/application/LabDirectory.js';
import { LabLifecycle } from '../../../../shared/application/LabLifecycle.js';
import { LabGate } from '../../../../shared/application/LabGate.js';
import { LabLeases } from '../../../../shared/application/LabLeases.js';
import { Logger } from '../../../../shared/application/Logger.js';
import { MAX_LABS, newLab } from '../domain/Lab.js';
import { ControlledLabs } from './ControlledLabs.js';
import { LabSnapshots } from '../../snapshots/application/LabSnapshots.js';

/**
 * Makes and removes labs. A new lab gets its row, then what every context gives a gateway out of the box (the
 * built-in administrator, the factory configuration: LabLifecycle.initialize); one that fails on the way is
 * removed again. Removing a lab drops what each context keeps of it outside the main store, then its row (and
 * with it every row of the lab). The default lab is never made nor removed. One change at a time.
 */
@injectable()
export class ManageLabs {
  /** The change under way: changes run one after the other. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    @inject(LabDirectory) private readonly directory: LabDirectory,
    @inject(ControlledLabs) private readonly labs: ControlledLabs,
    @multiInject(LabLifecycle) @optional() private readonly lifecycles: readonly LabLifecycle[] = [],
    @inject(Clock) private readonly clock: Clock,
    @inject(Logger) private readonly logger: Logger,
    @inject(LabSnapshots) @optional() private readonly snapshots: LabSnapshots | undefined = undefined,
    @inject(LabGate) @optional() private readonly gate: LabGate = new LabGate(),
    @inject(LabLeases) @optional() private readonly leases: LabLeases | undefined = undefined,
  ) {}

  list(): readonly LabEntry[] {
    return this.directory.list();
  }

  /** The labs as the store holds them now (read again when other processes share it). */
  async current(): Promise<readonly LabEntry[]> {
    await this.directory.refresh();
    return this.directory.list();
  }

  get(name: string): LabEntry {
    return this.directory.find(this.labs.resolve(name))!;
  }

  create(name: string, displayName: string | undefined, port?: number): Promise<LabEntry> {
    return this.exclusive(async () => {
      const lab = newLab(name, displayName, this.clock.now(), port);
      const holder = port === undefined ? undefined : this.directory.list().find((other) => other.port === port);
      if (holder)
        throw DomainError.conflict('PORT_IN_USE', `port ${port} serves lab '${holder.id}' already`, [
          { field: 'port', rule: 'unique', message: `lab '${holder.id}' has it` },
        ]);
      if (this.directory.find(lab.id))
        throw DomainError.conflict('LAB_EXISTS', `lab '${lab.id}' exists already`, [
          { field: 'name', rule: 'unique', message: `'${lab.id}' is taken` },
        ]);
      if (!this.directory.reusable(lab.id)) {
        throw DomainError.conflict(
          'LAB_NAME_USED',
          `lab name '${lab.id}' belonged to a lab removed in this process, and the in-memory store cannot reuse it: choose another name`,
          [{ field: 'name', rule: 'reusable', message: 'choose another name' }],
        );
      }
      if (this.directory.list().length >= MAX_LABS)
        throw DomainError.conflict('TOO_MANY_LABS', `one gwsim serves at most ${MAX_LABS} labs: remove one first`);
      await this.directory.add(lab);
      try {
        for (const lifecycle of this.lifecycles) await lifecycle.initialize(lab.id);
      } catch (error) {
        await this.drop(lab.id).catch(() => undefined);
        throw error;
      }
      this.logger.info({ lab: lab.id }, 'lab created');
      // Its live work is taken here before the answer (on a shared server: its lease, with where this process
      // serves), so its live endpoints answer through any process as soon as it exists. (The simulator's thread
      // takes a lab at its first live request.)
      await this.leases
        ?.claim(lab.id)
        .catch((error: unknown) =>
          this.logger.warn(
            { err: error, lab: lab.id },
            "a new lab's lease could not be taken; the next round of the leases takes it",
          ),
        );
      return lab;
    });
  }

  remove(name: string): Promise<LabEntry> {
    return this.exclusive(async () => {
      const lab = this.labs.resolve(name);
      if (lab === DEFAULT_LAB)
        throw DomainError.conflict('LAB_PROTECTED', `lab '${DEFAULT_LAB}' always exists and cannot be removed`, [
          { field: 'lab', rule: 'removable', message: 'the default lab stays' },
        ]);
      const entry = this.directory.find(lab)!;
      await this.drop(lab);
      // snapshots outlive a reset (their rows have no foreign key to the lab's), not a removal
      await this.snapshots?.removeAll(lab);
      this.logger.info({ lab }, 'lab removed');
      return entry;
    });
  }

  /**
   * Brings a lab back to what a new one holds (`to: empty`): everything it holds is dropped as by a removal, and
   * the lab is made again under its name, display name and port. The default lab too.
   */
  reset(name: string): Promise<LabEntry> {
    return this.exclusive(async () => {
      const lab = this.labs.resolve(name);
      const entry = this.directory.find(lab)!;
      if (!this.directory.reusable(lab) || !this.directory.resettable()) {
        throw DomainError.conflict(
          'RESET_UNAVAILABLE',
          'the in-memory stores cannot reset a lab: run on the embedded engine or a PostgreSQL server',
        );
      }
      // the lab's requests wait meanwhile: none sees it half made (the default lab's administrators gone)
      await this.gate.closedWhile(lab, async () => {
        await this.drop(lab);
        await this.directory.add(entry);
        for (const lifecycle of this.lifecycles) await lifecycle.initialize(lab);
      });
      this.logger.info({ lab }, 'lab reset');
      return entry;
    });
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async drop(lab: LabId): Promise<void> {
    for (const lifecycle of [...this.lifecycles].reverse()) {
      try {
        await lifecycle.remove(lab);
      } catch (error) {
        this.logger.warn({ err: error, lab, part: lifecycle.name }, 'a part of a removed lab could not be dropped');
      }
    }
    await this.directory.remove(lab);
  }
}
