import { writeFileSync } from 'node:fs';

/** What became of one entry in a run. */
export interface EntryOutcome {
  readonly id: string;
  readonly status: 'passed' | 'failed' | 'skipped' | 'gap';
  readonly reason: string;
  readonly seconds?: number;
}

/** The run's tally: passed / failed / skipped (not an SBC's business) / gaps, and the in-scope pass ratio. */
export class SuiteSummary {
  private readonly outcomes: EntryOutcome[] = [];

  /** An entry's outcome; a retried entry's last attempt replaces its first. */
  record(outcome: EntryOutcome): void {
    const earlier = this.outcomes.findIndex((o) => o.id === outcome.id);
    if (earlier >= 0) this.outcomes.splice(earlier, 1);
    this.outcomes.push(outcome);
  }

  get counts(): Record<EntryOutcome['status'], number> & { inScope: number; passRatio: number } {
    const count = (status: EntryOutcome['status']) => this.outcomes.filter((o) => o.status === status).length;
    const passed = count('passed');
    const inScope = this.outcomes.length - count('skipped');
    return {
      passed,
      failed: count('failed'),
      skipped: count('skipped'),
      gap: count('gap'),
      inScope,
      passRatio: inScope === 0 ? 0 : passed / inScope,
    };
  }

  /** The summary lines printed after the run. */
  text(): string {
    const c = this.counts;
    const lines = [
      '',
      `SIP suites: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped (not an SBC's business or not runnable), ${c.gap} gaps`,
      `in scope: ${c.passed} of ${c.inScope} pass (${(100 * c.passRatio).toFixed(1)} %)`,
    ];
    for (const outcome of this.outcomes.filter((o) => o.status === 'failed'))
      lines.push(`  failed ${outcome.id}: ${outcome.reason}`);
    return lines.join('\n');
  }

  /** Writes the summary and every outcome as JSON. */
  write(file: string): void {
    writeFileSync(file, `${JSON.stringify({ ...this.counts, entries: this.outcomes }, null, 2)}\n`);
  }
}
