import { expect } from 'chai';
import { DEFAULT_LAB, type LabId } from '../../../src/shared/domain/LabId.js';
import { LabDirectory, orderedLabs, type LabEntry } from '../../../src/shared/application/LabDirectory.js';
import { SimulatorThreadLeases } from '../../../src/shared/infrastructure/ThreadLabLeases.js';
import { SilentLogger } from '../../support/SilentLogger.js';

const entry = (id: string): LabEntry => ({ id: id as LabId, displayName: id, createdAt: new Date(0) });

/**
 * The lab table as the simulator's thread sees it: the API's thread adds rows (`made`), a re-read sees the rows that
 * were there when its query began (as a query does), and a re-read can be held until `release`.
 */
class TableDirectory extends LabDirectory {
  private readonly rows: LabEntry[] = [entry(DEFAULT_LAB)];
  private seen: readonly LabEntry[] = [];
  private hold: Promise<void> | undefined;
  private release: (() => void) | undefined;

  made(id: string): void {
    this.rows.push(entry(id));
  }

  /** Holds the re-reads begun from now on (the query in flight) until `released`. */
  holdReads(): void {
    this.hold = new Promise((resolve) => {
      this.release = resolve;
    });
  }

  released(): void {
    this.release?.();
    this.hold = undefined;
  }

  async load(): Promise<void> {
    await this.refresh();
  }

  override async refresh(): Promise<void> {
    const read = [...this.rows];
    await this.hold;
    this.seen = read;
  }

  list(): readonly LabEntry[] {
    return orderedLabs(this.seen);
  }

  find(lab: string): LabEntry | undefined {
    return this.seen.find((e) => e.id === lab);
  }

  async add(): Promise<void> {
    throw new Error('the simulator thread makes no lab');
  }

  async remove(): Promise<void> {
    throw new Error('the simulator thread removes no lab');
  }
}

describe("the simulator thread's lab leases", () => {
  it("holds a lab made through the API's thread at its first live request, even when a re-read begun before it was made is under way", async () => {
    const directory = new TableDirectory();
    const leases = new SimulatorThreadLeases(Buffer.alloc(32), directory, new SilentLogger());
    const heard: Array<[string, boolean]> = [];
    leases.onChange((lab, held) => {
      heard.push([lab, held]);
    });
    await leases.follow();
    expect(leases.holds(DEFAULT_LAB)).to.equal(true);

    // the once-a-second round reads the table, then the API's thread makes the lab and answers: its first live
    // request reaches this thread while that round is still under way
    directory.holdReads();
    const round = leases.follow();
    directory.made('training');
    const claimed = leases.claim('training' as LabId);
    directory.released();
    await round;
    expect(await claimed, 'the request is served here, not answered 503 SIMULATOR_MOVING').to.equal(true);
    expect(leases.holds('training' as LabId)).to.equal(true);
    expect(heard).to.deep.equal([
      [DEFAULT_LAB, true],
      ['training', true],
    ]);
    expect(await leases.claim('nosuch' as LabId), 'a lab the table does not hold is not held').to.equal(false);
  });
});
