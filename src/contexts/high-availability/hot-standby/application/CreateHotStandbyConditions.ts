import { inject, injectable } from 'inversify';
import {
  ConfigObject,
  freeName,
  ObjectRules,
  refuseInvalid,
  WorkingConfiguration,
} from '../../../configuration/index.js';
import { IdGenerator } from '../../../../shared/domain/IdGenerator.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { HotStandbyMapper } from '../domain/HotStandbyMapper.js';
import { hotStandbyIn } from './HotStandbys.js';

/** The condition each option asks for: its CS_CONDITION predicate and the name it is given. */
export const CONDITION_OPTIONS = {
  createIsMainSystemCondition: { predicate: 'IS_MAIN_SYSTEM', label: 'is main system' },
  createIsStandbySystemCondition: { predicate: 'IS_STANDBY_SYSTEM', label: 'is standby system' },
  createIsSystemActiveCondition: { predicate: 'IS_SYSTEM_ACTIVE', label: 'is system active' },
  createIsSystemNotActiveCondition: { predicate: 'IS_SYSTEM_NOT_ACTIVE', label: 'is system not active' },
  createIsSystemIntentToBecomeActiveCondition: {
    predicate: 'IS_SYSTEM_INTENT_TO_BECOME_ACTIVE',
    label: 'is system intent to become active',
  },
  createIsNotSystemIntentToBecomeActiveCondition: {
    predicate: 'IS_NOT_SYSTEM_INTENT_TO_BECOME_ACTIVE',
    label: 'is not system intent to become active',
  },
} as const;

export type ConditionOption = keyof typeof CONDITION_OPTIONS;

/**
 * Creates the CS_CONDITION objects the options ask for, each testing its predicate over the hot standby link
 * (hotStandbyLinkId: the IPC_CLIENT), and references them from the hot standby object (conditionIds). A
 * predicate the object already has a condition for is not created twice; nothing asked or all present: nothing
 * written. Answers the ids of the conditions created.
 */
@injectable()
export class CreateHotStandbyConditions {
  constructor(
    @inject(WorkingConfiguration) private readonly working: WorkingConfiguration,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  execute(lab: LabId, text: string, wanted: readonly ConditionOption[]): Promise<string[]> {
    return this.working.run(lab, async () => {
      const graph = await this.working.graph(lab);
      const hotStandby = hotStandbyIn(graph, text);
      const present = new Set(hotStandby.conditionIds.map((id) => graph.get(id)?.parameters['predicate']));
      const created: ConfigObject[] = [];
      for (const option of [...new Set(wanted)]) {
        const { predicate, label } = CONDITION_OPTIONS[option];
        if (present.has(predicate)) continue;
        present.add(predicate);
        const taken = new Set(created.map((o) => o.displayName));
        let name = freeName(graph, 'CS_CONDITION', `${hotStandby.name} ${label}`);
        for (let n = 2; taken.has(name); n += 1)
          name = freeName(graph, 'CS_CONDITION', `${hotStandby.name} ${label} (${n})`);
        created.push(
          ConfigObject.create(lab, {
            id: this.ids.uuid(),
            sort: 'CS_CONDITION',
            displayName: name,
            ...ObjectRules.complete(
              'CS_CONDITION',
              undefined,
              { predicate },
              hotStandby.ipcClientId ? { hotStandbyLinkId: [hotStandby.ipcClientId] } : {},
            ),
          }),
        );
      }
      if (created.length === 0) return [];
      const updated = hotStandby.withConditions([...hotStandby.conditionIds, ...created.map((o) => o.id)]);
      const server = HotStandbyMapper.toServer(lab, updated, graph.get(hotStandby.id));
      refuseInvalid([...created, server], graph, 'HOT_STANDBY_INVALID');
      await this.working.beforeChange(lab);
      await this.working.save(...created, server);
      return created.map((o) => o.id);
    });
  }
}
