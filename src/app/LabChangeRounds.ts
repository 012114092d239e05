import { inject, injectable } from 'inversify';
import { BackgroundService } from '../shared/application/BackgroundService.js';
import { LabChangeWatch } from '../shared/application/LabChangeWatch.js';
import { LabDirectory } from '../shared/application/LabDirectory.js';
import { LabRevisions } from '../shared/application/LabRevisions.js';
import { Logger } from '../shared/application/Logger.js';
import type { LabId } from '../shared/domain/LabId.js';

/** How often every lab is checked for changes made through another process (besides each request's own lab). */
export const LAB_CHANGE_ROUND_MS = 1000;

/**
 * Checks every lab once a second for changes made through another process on the same server (LabChangeWatch),
 * so that work no request drives — the simulator of a lab this process runs, its clock, its gateway faults —
 * follows them within a second. At its start it takes the state read at start-up as current.
 */
@injectable()
export class LabChangeRounds extends BackgroundService {
  readonly name = 'lab change rounds';
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;
  private readonly seen = new Set<LabId>();

  constructor(
    @inject(LabChangeWatch) private readonly watch: LabChangeWatch,
    @inject(LabDirectory) private readonly directory: LabDirectory,
    @inject(LabRevisions) private readonly revisions: LabRevisions,
    @inject(Logger) private readonly logger: Logger,
  ) {
    super();
  }

  async start(): Promise<void> {
    if (this.timer) return;
    for (const { id } of this.directory.list()) {
      const revision = await this.revisions.current(id);
      if (revision !== undefined) this.watch.note(id, revision);
      this.seen.add(id);
    }
    this.timer = setInterval(() => {
      if (this.round) return;
      this.round = this.checkAll().finally(() => {
        this.round = undefined;
      });
    }, LAB_CHANGE_ROUND_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.round;
  }

  private async checkAll(): Promise<void> {
    const labs = new Set<LabId>([...this.seen, ...this.directory.list().map((entry) => entry.id)]);
    this.seen.clear();
    for (const lab of labs) {
      try {
        await this.watch.check(lab);
        if (this.directory.find(lab)) this.seen.add(lab);
      } catch (error) {
        this.logger.warn({ err: error, lab }, 'a lab could not be checked for changes made elsewhere');
      }
    }
  }
}
