import type { LabId } from '../domain/LabId.js';
import type { LabLifecycle } from './LabLifecycle.js';
import type { LabRevisions } from './LabRevisions.js';
import type { UnitOfWork, WriteUnitObserver } from './UnitOfWork.js';

/**
 * Notices when a lab's stored state moved without this process's knowing: another process on the same server
 * committed a write unit of the lab, or removed the lab or made it again. It knows the revision of every write
 * unit this process committed; a lab whose revision is another (or that it never saw) gets every context's
 * `LabLifecycle.reload` before the caller goes on. The operation router checks the lab of every request, and a
 * background round checks every lab once a second, so state held in memory outside the revision-checked caches
 * (lab clocks, the traffic a lab should run, fault rules) is never stale at a request.
 */
export class LabChangeWatch implements WriteUnitObserver {
  private readonly known = new Map<LabId, number>();
  private readonly checking = new Map<LabId, Promise<void>>();
  /** The revision the unit of the lab under way commits as (units of a lab are serialised, across processes too). */
  private readonly pending = new Map<LabId, number>();

  constructor(
    private readonly revisions: LabRevisions,
    unitOfWork: UnitOfWork,
    private readonly lifecycles: () => readonly LabLifecycle[],
    private readonly failed: (lab: LabId, part: string, error: unknown) => void,
  ) {
    unitOfWork.observe(this);
  }

  begun(lab: LabId, revision: number): void {
    this.pending.set(lab, revision);
  }

  ended(lab: LabId, ok: boolean): (() => void) | undefined {
    const revision = this.pending.get(lab);
    this.pending.delete(lab);
    if (!ok || revision === undefined) return undefined;
    // This process's own unit: what it holds follows it, unless a unit of another process came between (then
    // the revisions skip one, and the next check reloads).
    return () => {
      if (this.known.get(lab) === revision - 1) this.known.set(lab, revision);
    };
  }

  /** Says the lab's state at `revision` is what this process holds (start-up read it). */
  note(lab: LabId, revision: number): void {
    this.known.set(lab, revision);
  }

  /** Forgets a lab (removed through this process). */
  forget(lab: LabId): void {
    this.known.delete(lab);
  }

  /**
   * Brings the lab's state held in memory in line with the store when it moved elsewhere. One check per lab at a
   * time. Undefined (nothing to wait for) when no check is under way and the store's revision, known without
   * asking it (LabRevisions.known), is the one held: the check every request makes costs no promise then.
   */
  check(lab: LabId): Promise<void> | undefined {
    let running = this.checking.get(lab);
    if (running) return running;
    const revision = this.revisions.known?.(lab);
    if (revision !== undefined && this.known.get(lab) === revision) return undefined;
    running = this.run(lab).finally(() => this.checking.delete(lab));
    this.checking.set(lab, running);
    return running;
  }

  private async run(lab: LabId): Promise<void> {
    const revision = await this.revisions.current(lab);
    const known = this.known.get(lab);
    if (revision !== undefined && known === revision) return;
    if (revision === undefined && known === undefined) return;
    if (revision === undefined) this.known.delete(lab);
    else this.known.set(lab, revision);
    for (const lifecycle of this.lifecycles()) {
      try {
        await lifecycle.reload(lab);
      } catch (error) {
        this.failed(lab, lifecycle.name, error);
      }
    }
  }
}
