import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { GetConfigurationStatus } from '../../../configuration/index.js';
import { QueryCallHistory } from '../../../monitoring/index.js';

/**
 * What a lab holds that running a scenario on it replaces (the run resets the lab first): a configuration other
 * than the factory's (changed, imported or committed since), and its call history. Empty for a lab as new.
 */
@injectable()
export class LabHoldings {
  constructor(
    @inject(GetConfigurationStatus) private readonly configuration: GetConfigurationStatus,
    @inject(QueryCallHistory) private readonly history: QueryCallHistory,
  ) {}

  /** Each thing the lab holds, in words (`its configuration (…)`, `its call history (…)`). */
  async of(lab: LabId): Promise<string[]> {
    const held: string[] = [];
    const status = await this.configuration.execute(lab);
    const { state } = status;
    // the factory configuration is installed as the lab's first revision, committed
    if (!(state.version <= 1 && state.status === 'committed')) {
      const pending = state.status === 'committed' ? '' : `, ${state.status} since`;
      held.push(`its configuration (${status.committedObjectCount} objects committed${pending})`);
    }
    const calls = await this.callCount(lab);
    if (calls === undefined) held.push('its call history (the monitor cannot be read now)');
    else if (calls > 0) held.push(`its call history (${calls} call${calls === 1 ? '' : 's'})`);
    return held;
  }

  private async callCount(lab: LabId): Promise<number | undefined> {
    try {
      const page = await this.history.execute(lab, { matchMode: 'startswith', offset: 0, count: 1 });
      return page.totalCount;
    } catch {
      return undefined; // the monitor unreachable (a fault, its store down)
    }
  }
}

/** 409 LAB_IN_USE naming `replace`: running `scenario` on `lab` would replace what it holds. */
export function labInUse(lab: LabId, scenario: string, held: readonly string[]): DomainError {
  const ask = 'send replace: true to replace it';
  return DomainError.conflict(
    'LAB_IN_USE',
    `lab '${lab}' holds ${held.join(' and ')}: scenario '${scenario}' resets the lab first and replaces them: ${ask}, or run the scenario in a lab of its own (POST /_sim/labs {"scenario": "${scenario}"})`,
    [{ field: 'replace', rule: 'confirmed', message: ask }],
  );
}
