import { inject, injectable, optional } from 'inversify';
import { LabLeases } from '../../../../shared/application/LabLeases.js';
import { Clock } from '../../../../shared/domain/Clock.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { JournalEntry } from '../domain/JournalEntry.js';
import { JournalQuery, type JournalQueryInput } from '../domain/JournalQuery.js';
import { JournalRing } from '../domain/JournalRing.js';

export const DEFAULT_JOURNAL_SIZE = 10_000;

/** How many entries each lab's journal holds (GWSIM_JOURNAL_SIZE, bound by the composition root). */
export class JournalSettings {
  constructor(readonly size: number = DEFAULT_JOURNAL_SIZE) {}
}

export interface JournalPage {
  readonly capacity: number;
  readonly held: number;
  readonly dropped: number;
  readonly entries: readonly JournalEntry[];
}

/**
 * The request journal of the labs: every gateway API request (the HTTP edge records it once answered) in a
 * capped ring per lab, in memory and per process (the journal endpoints merge the processes that share a server);
 * read through a filter, cleared on request.
 */
@injectable()
export class RequestJournal {
  private readonly rings = new Map<LabId, JournalRing>();
  private readonly sequences = new Map<LabId, number>();

  constructor(
    @inject(JournalSettings) private readonly settings: JournalSettings,
    @inject(Clock) private readonly clock: Clock,
    @inject(LabLeases) @optional() private readonly leases: LabLeases | undefined = undefined,
  ) {}

  /** The process whose requests this journal holds (as the lab leases name it). */
  get process(): string {
    return this.leases?.process ?? 'local';
  }

  private ring(lab: LabId): JournalRing {
    let ring = this.rings.get(lab);
    if (!ring) {
      ring = new JournalRing(this.settings.size);
      this.rings.set(lab, ring);
    }
    return ring;
  }

  /** The lab's clock now (when a request arrives). */
  now(): Date {
    return this.clock.now();
  }

  record(lab: LabId, entry: Omit<JournalEntry, 'sequence'>): void {
    const sequence = (this.sequences.get(lab) ?? 0) + 1;
    this.sequences.set(lab, sequence);
    this.ring(lab).add({ sequence, ...entry });
  }

  find(lab: LabId, input: JournalQueryInput): JournalPage {
    const query = JournalQuery.create(input);
    const ring = this.ring(lab);
    return { capacity: ring.capacity, held: ring.size, dropped: ring.dropped, entries: ring.find(query) };
  }

  /** Drops a removed lab's journal. */
  forgetLab(lab: LabId): void {
    this.rings.delete(lab);
    this.sequences.delete(lab);
  }

  clear(lab: LabId): void {
    this.ring(lab).clear();
  }
}
