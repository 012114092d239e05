import { inject, injectable } from 'inversify';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { validateDto } from '../../../../../shared/interface/http/validateDto.js';
import { FaultRules } from '../../application/FaultRules.js';
import type { FaultRule, FaultRuleInput } from '../../domain/FaultRule.js';
import { FaultRuleDto, type FaultRuleListView, type FaultRuleView } from './faultShapes.js';

/** A copy without null or undefined members (null reads as "not given"), nested objects too; effect.body is kept as sent. */
function given(value: Record<string, unknown>, keep: ReadonlySet<string> = new Set()): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    if (keep.has(key)) {
      if (member !== undefined) out[key] = member;
      continue;
    }
    if (member === undefined || member === null) continue;
    out[key] = typeof member === 'object' && !Array.isArray(member) ? given(member as Record<string, unknown>) : member;
  }
  return out;
}

/** The rule input from a validated DTO (its class instances made plain). */
export function ruleInput(dto: FaultRuleDto): FaultRuleInput {
  const top = given({ ...dto, match: undefined, effect: undefined, window: undefined });
  return {
    ...top,
    ...(dto.match ? { match: given({ ...dto.match }) } : {}),
    effect: given({ ...dto.effect }, new Set(['body'])),
    ...(dto.window ? { window: given({ ...dto.window }) } : {}),
  } as FaultRuleInput;
}

export function ruleView(rule: FaultRule, now: Date): FaultRuleView {
  const written = rule.toInput();
  const expiresAt = rule.endsAt;
  return {
    id: rule.id,
    ...(written as Omit<FaultRuleView, 'id' | 'hits' | 'active' | 'createdAt'>),
    hits: rule.hits,
    ...(rule.remaining !== undefined ? { remaining: rule.remaining } : {}),
    ...(expiresAt ? { expiresAt: expiresAt.toISOString() } : {}),
    active: rule.isActive(now),
    createdAt: rule.createdAt.toISOString(),
  };
}

/** GET/POST /_sim/labs/{lab}/faults, DELETE /_sim/labs/{lab}/faults/{id}. */
@injectable()
export class FaultsController {
  constructor(@inject(FaultRules) private readonly rules: FaultRules) {}

  async list(request: OperationRequest): Promise<FaultRuleListView> {
    const lab = request.lab; // the router resolved `{lab}` (404 LAB_NOT_FOUND for an unknown one)
    const rules = this.rules.list(lab);
    await this.rules.settled(); // a gateway fault that began or ended meanwhile is switched before the answer
    const now = this.rules.now(lab);
    return { lab, rules: rules.map((rule) => ruleView(rule, now)) };
  }

  async add(request: OperationRequest): Promise<FaultRuleView> {
    const lab = request.lab; // the router resolved `{lab}` (404 LAB_NOT_FOUND for an unknown one)
    const dto = validateDto(FaultRuleDto, request.body, 'the fault rule');
    const rule = await this.rules.add(lab, ruleInput(dto));
    await this.rules.settled(); // its gateway fault is in force when the answer leaves
    return ruleView(rule, this.rules.now(lab));
  }

  async remove(request: OperationRequest): Promise<FaultRuleView> {
    const lab = request.lab; // the router resolved `{lab}` (404 LAB_NOT_FOUND for an unknown one)
    const rule = await this.rules.remove(lab, request.params['id'] ?? '');
    await this.rules.settled(); // its gateway fault is switched back when the answer leaves
    return ruleView(rule, this.rules.now(lab));
  }
}
