import { DomainError } from '../../../../../shared/domain/DomainError.js';
import { validateDto } from '../../../../../shared/interface/http/validateDto.js';
import { parseTrafficProfile } from '../../../../simulation/index.js';
import { FaultRule, type FaultRuleInput } from '../../../faults/domain/FaultRule.js';
import { FaultRuleDto } from '../../../faults/interface/http/faultShapes.js';
import { ruleInput } from '../../../faults/interface/http/FaultsController.js';
import type { ReadyScenario, TrafficChange } from '../../application/ScenarioRunner.js';
import { parseScenario, type ScenarioParts } from '../../domain/ScenarioDocument.js';

function invalid(field: string, message: string): DomainError {
  return DomainError.invalid('INVALID_SCENARIO', `${field} ${message}`, [
    { field, rule: 'scenario', message: `${field} ${message}` },
  ]);
}

/**
 * The parts of a scenario that other parts of gwsim read: a fault rule exactly as POST /_sim/labs/{lab}/faults
 * takes it (the same DTO, then the domain's own checks), a traffic change as PUT /_sim/labs/{lab}/traffic takes it
 * (`{running?, profile?}`, the profile through the simulation context's parser; the seed's randomSeed is the
 * profile's seed when it gives none). Their faults are named from the scenario's field.
 */
export const scenarioParts: ScenarioParts<FaultRuleInput, TrafficChange> = {
  faultRule(json, field) {
    const input = ruleInput(validateDto(FaultRuleDto, json, `the fault rule of ${field}`, field));
    FaultRule.create(input, 'check', 0, new Date(0));
    return input;
  },
  trafficChange(json, field, randomSeed) {
    if (json === null || typeof json !== 'object' || Array.isArray(json))
      throw invalid(field, 'must be {running?, profile?}');
    const { running, profile, ...rest } = json as Record<string, unknown>;
    const unknown = Object.keys(rest);
    if (unknown.length > 0)
      throw invalid(`${field}.${unknown[0]}`, 'is not a field of a traffic change (running, profile)');
    if (running !== undefined && typeof running !== 'boolean')
      throw invalid(`${field}.running`, 'must be true or false');
    if (running === undefined && profile === undefined)
      throw invalid(field, 'must start or stop the traffic (running) or set its profile');
    let parsed;
    if (profile !== undefined) {
      const withSeed =
        randomSeed !== undefined &&
        profile !== null &&
        typeof profile === 'object' &&
        !Array.isArray(profile) &&
        (profile as Record<string, unknown>)['seed'] === undefined
          ? { ...(profile as Record<string, unknown>), seed: randomSeed }
          : profile;
      parsed = parseTrafficProfile(withSeed);
    }
    return { ...(running !== undefined ? { running } : {}), ...(parsed ? { profile: parsed } : {}) };
  },
};

/** A scenario document read and checked, its fault rules and traffic changes read: 400 INVALID_SCENARIO naming each faulty field. */
export function readyScenario(json: unknown): ReadyScenario {
  return parseScenario(json, scenarioParts);
}
