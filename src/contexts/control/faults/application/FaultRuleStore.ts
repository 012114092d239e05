import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { Setting, type SettingDefinition } from '../../../../shared/application/Setting.js';
import { SettingsRepository, type SettingJson } from '../../../../shared/application/SettingsRepository.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import type { FaultRuleInput } from '../domain/FaultRule.js';

/** A rule as kept: as it was written, with its id, its order and when it was added (on the lab clock). */
export interface StoredFaultRule {
  readonly id: string;
  readonly sequence: number;
  /** ISO-8601, on the lab clock: `expiresInSeconds` counts from it. */
  readonly createdAt: string;
  readonly input: FaultRuleInput;
}

/**
 * A rule kept before a match had to name a condition: an API fault without a match, or with an empty one, matched
 * every gateway request. It is read as saying so (`{"all": true}`), so a restart or a snapshot keeps what it did.
 */
function upgraded(rule: StoredFaultRule): StoredFaultRule {
  const { effect, match } = rule.input as { effect?: unknown; match?: unknown };
  const gatewayFault =
    effect !== null && typeof effect === 'object' && (effect as { kind?: unknown }).kind !== undefined;
  const empty =
    match === undefined ||
    (match !== null && typeof match === 'object' && !Array.isArray(match) && Object.keys(match).length === 0);
  return gatewayFault || !empty ? rule : { ...rule, input: { ...rule.input, match: { all: true } } };
}

function stored(json: SettingJson): StoredFaultRule[] {
  if (!Array.isArray(json)) throw new Error('fault rules must be an array');
  return json.map((entry) => {
    const rule = entry as unknown as StoredFaultRule;
    if (
      typeof rule?.id !== 'string' ||
      typeof rule.sequence !== 'number' ||
      typeof rule.createdAt !== 'string' ||
      rule.input === null ||
      typeof rule.input !== 'object'
    ) {
      throw new Error('a stored fault rule needs id, sequence, createdAt and input');
    }
    return upgraded(rule);
  });
}

const FAULT_RULES_SETTING: SettingDefinition<readonly StoredFaultRule[]> = {
  key: 'control.faultRules',
  what: 'Fault rules',
  initial: () => [],
  decode: (_lab, json) => stored(json),
  encode: (rules) => JSON.parse(JSON.stringify(rules)) as SettingJson,
};

/**
 * The fault rules of each lab, kept in the settings store: a restart keeps them, a snapshot holds them, and every
 * process sharing a server applies the same rules (a change is a write unit of the lab, which the others notice).
 * Hits are counted in the memory of the process that applied them.
 */
@injectable()
export class FaultRuleStore {
  private readonly setting: Setting<readonly StoredFaultRule[]>;

  constructor(
    @inject(SettingsRepository) store: SettingsRepository,
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
  ) {
    this.setting = new Setting(store, FAULT_RULES_SETTING);
  }

  read(lab: LabId): Promise<readonly StoredFaultRule[]> {
    return this.unitOfWork.read(async () => (await this.setting.read(lab)).value);
  }

  /** Replaces the lab's rules with what `change` makes of them, in one write unit of the lab (it may throw to refuse). */
  change(
    lab: LabId,
    change: (rules: readonly StoredFaultRule[]) => readonly StoredFaultRule[],
  ): Promise<readonly StoredFaultRule[]> {
    return this.unitOfWork.write(lab, async () => {
      const current = await this.setting.read(lab);
      const next = change(current.value);
      await this.setting.save(lab, next, current.version);
      return next;
    });
  }
}
