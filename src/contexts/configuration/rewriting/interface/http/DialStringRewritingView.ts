import { Type } from 'class-transformer';
import { IsArray, IsString, ValidateNested } from 'class-validator';
import type { DialStringRewriting } from '../../domain/DialStringRewriting.js';
import { RewriteRuleDto, ruleView } from './DialStringRewritingDtos.js';

/** A DialStringRewriting as answered: every member present. */
export class DialStringRewritingView {
  @IsString() id!: string;
  @IsString() displayName!: string;
  @IsArray() @ValidateNested({ each: true }) @Type(() => RewriteRuleDto) rules!: RewriteRuleDto[];

  static of(rewriting: DialStringRewriting): DialStringRewritingView {
    return { id: rewriting.id, displayName: rewriting.displayName, rules: rewriting.rules.map(ruleView) };
  }
}
