import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../../shared/domain/DomainError.js';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { validateDto, validateDtoArray } from '../../../../../shared/interface/http/validateDto.js';
import { AddDialStringRewriting } from '../../application/AddDialStringRewriting.js';
import { ListDialStringRewritings } from '../../application/ListDialStringRewritings.js';
import { RemoveDialStringRewriting } from '../../application/RemoveDialStringRewriting.js';
import { SetDialStringRewriting } from '../../application/SetDialStringRewriting.js';
import { DialStringRewritingDto, RewriteRuleDto, ruleSpecFrom, ruleView } from './DialStringRewritingDtos.js';
import { DialStringRewritingView } from './DialStringRewritingView.js';

/** The six dial string rewriting operations. */
@injectable()
export class DialStringRewritingController {
  constructor(
    @inject(ListDialStringRewritings) private readonly list: ListDialStringRewritings,
    @inject(AddDialStringRewriting) private readonly addRewriting: AddDialStringRewriting,
    @inject(SetDialStringRewriting) private readonly setRewriting: SetDialStringRewriting,
    @inject(RemoveDialStringRewriting) private readonly removeRewriting: RemoveDialStringRewriting,
  ) {}

  async get(request: OperationRequest): Promise<DialStringRewritingView[]> {
    const named = request.query.optionalString('dialStringRewriting');
    return (await this.list.execute(request.lab, named === '' ? undefined : named)).map((r) =>
      DialStringRewritingView.of(r),
    );
  }

  async add(request: OperationRequest): Promise<DialStringRewritingView> {
    const dto = validateDto(DialStringRewritingDto, request.body);
    if (dto.displayName == null) {
      throw DomainError.invalid('VALIDATION_FAILED', 'displayName is required', [
        { field: 'displayName', rule: 'required', message: 'displayName is required' },
      ]);
    }
    const rules = (dto.rules ?? []).map((rule, index) => ruleSpecFrom(rule, index));
    return DialStringRewritingView.of(await this.addRewriting.execute(request.lab, dto.displayName, rules));
  }

  async set(request: OperationRequest): Promise<DialStringRewritingView> {
    const named = request.query.string('dialStringRewriting');
    const dto = validateDto(DialStringRewritingDto, request.body);
    const rewriting = await this.setRewriting.execute(request.lab, named, {
      ...(dto.displayName != null ? { displayName: dto.displayName } : {}),
      ...(dto.rules != null ? { rules: dto.rules.map((rule, index) => ruleSpecFrom(rule, index)) } : {}),
    });
    return DialStringRewritingView.of(rewriting);
  }

  async remove(request: OperationRequest): Promise<DialStringRewritingView[]> {
    return (await this.removeRewriting.execute(request.lab, request.query.string('dialStringRewriting'))).map((r) =>
      DialStringRewritingView.of(r),
    );
  }

  async rules(request: OperationRequest): Promise<RewriteRuleDto[]> {
    const [rewriting] = await this.list.execute(request.lab, request.query.string('dialStringRewriting'));
    return rewriting!.rules.map(ruleView);
  }

  async setRules(request: OperationRequest): Promise<RewriteRuleDto[]> {
    const named = request.query.string('dialStringRewriting');
    const dtos = validateDtoArray(RewriteRuleDto, request.body, 'the rules');
    const rewriting = await this.setRewriting.execute(request.lab, named, {
      rules: dtos.map((rule, index) => ruleSpecFrom(rule, index)),
      rulesField: '',
    });
    return rewriting.rules.map(ruleView);
  }
}
