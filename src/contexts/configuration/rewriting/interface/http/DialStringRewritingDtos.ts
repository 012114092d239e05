import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  REWRITE_CASES,
  REWRITE_TYPES,
  TAG_MATCH_TYPES,
  TAG_OPERATION_TYPES,
  type RewriteRuleSpec,
} from '../../domain/RewriteRule.js';

export class MatchTagsDto {
  @IsArray() @ArrayMaxSize(64) @IsString({ each: true }) tagSet!: string[];
  @IsIn(TAG_MATCH_TYPES) type!: string;
}

export class TagOperationDto {
  @IsString() @MaxLength(64) tag!: string;
  @IsIn(TAG_OPERATION_TYPES) type!: string;
}

export class TagRewriteDto {
  @IsArray()
  @ArrayMaxSize(64)
  @ValidateNested({ each: true })
  @Type(() => TagOperationDto)
  operations!: TagOperationDto[];
  @IsOptional() @IsBoolean() clearTags?: boolean | null;
}

/**
 * A rewrite rule, field for field as the specification's DialStringRewriting resource gives it; the request
 * of rules/set (an array) and of add/set (inside `rules`) and their answers. Left out or null: "" for texts,
 * 0 for counts, rewriteType prefixAndSuffix, case unchanged, flags false except applyToDestinationDialString
 * (true). `index` is the rule's position: a request's index is not used, rules are numbered 0..n-1 in the order
 * sent.
 */
export class RewriteRuleDto {
  @IsOptional() @IsInt() @Min(0) index?: number | null;
  @IsOptional() @IsString() @MaxLength(255) displayName?: string | null;
  @IsOptional() @IsString() @MaxLength(1024) comment?: string | null;
  @IsOptional() @IsIn(REWRITE_TYPES) rewriteType?: string | null;
  @IsOptional() @IsString() @MaxLength(64) prefix?: string | null;
  @IsOptional() @IsString() @MaxLength(64) suffix?: string | null;
  @IsOptional() @IsInt() @Min(0) @Max(64) deleteLeadingCharacters?: number | null;
  @IsOptional() @IsInt() @Min(0) @Max(64) deleteTrailingCharacters?: number | null;
  @IsOptional() @IsString() @MaxLength(64) addPrefix?: string | null;
  @IsOptional() @IsString() @MaxLength(64) addSuffix?: string | null;
  @IsOptional() @IsInt() @Min(0) @Max(32) addExtTrailingDigits?: number | null;
  @IsOptional() @IsIn(REWRITE_CASES) case?: string | null;
  @IsOptional() @IsBoolean() clearDisplayName?: boolean | null;
  @IsOptional() @IsBoolean() skipRulesBelow?: boolean | null;
  @IsOptional() @IsBoolean() skipFurtherRules?: boolean | null;
  @IsOptional() @IsBoolean() applyToSourceDialString?: boolean | null;
  @IsOptional() @IsBoolean() applyToDestinationDialString?: boolean | null;
  @IsOptional() @IsBoolean() applyToAllDialStrings?: boolean | null;
  @IsOptional() @ValidateNested() @Type(() => MatchTagsDto) matchTags?: MatchTagsDto | null;
  @IsOptional() @ValidateNested() @Type(() => TagRewriteDto) tagRewrite?: TagRewriteDto | null;
}

/** DialStringRewriting: the request of add and set, and the answer of every operation of the area. */
export class DialStringRewritingDto {
  /** Answered; in a request it is not used (add assigns one, set names the object by its query parameter). */
  @IsOptional() @IsString() id?: string | null;
  @IsOptional() @IsString() @MaxLength(255) displayName?: string | null;
  @IsOptional() @IsArray() @ArrayMaxSize(500) @ValidateNested({ each: true }) @Type(() => RewriteRuleDto) rules?:
    RewriteRuleDto[] | null;
}

export function ruleView(rule: RewriteRuleSpec): RewriteRuleDto {
  return JSON.parse(JSON.stringify(rule)) as RewriteRuleDto;
}

/** The rule a request describes, defaults filled (index: its position). */
export function ruleSpecFrom(dto: RewriteRuleDto, index: number): RewriteRuleSpec {
  return {
    index,
    displayName: dto.displayName ?? '',
    comment: dto.comment ?? '',
    rewriteType: (dto.rewriteType ?? 'prefixAndSuffix') as RewriteRuleSpec['rewriteType'],
    prefix: dto.prefix ?? '',
    suffix: dto.suffix ?? '',
    deleteLeadingCharacters: dto.deleteLeadingCharacters ?? 0,
    deleteTrailingCharacters: dto.deleteTrailingCharacters ?? 0,
    addPrefix: dto.addPrefix ?? '',
    addSuffix: dto.addSuffix ?? '',
    addExtTrailingDigits: dto.addExtTrailingDigits ?? 0,
    case: (dto.case ?? 'unchanged') as RewriteRuleSpec['case'],
    clearDisplayName: dto.clearDisplayName ?? false,
    skipRulesBelow: dto.skipRulesBelow ?? false,
    skipFurtherRules: dto.skipFurtherRules ?? false,
    applyToSourceDialString: dto.applyToSourceDialString ?? false,
    applyToDestinationDialString: dto.applyToDestinationDialString ?? true,
    applyToAllDialStrings: dto.applyToAllDialStrings ?? false,
    ...(dto.matchTags ? { matchTags: { tagSet: [...dto.matchTags.tagSet], type: dto.matchTags.type as 'or' } } : {}),
    ...(dto.tagRewrite
      ? {
          tagRewrite: {
            operations: dto.tagRewrite.operations.map((o) => ({ tag: o.tag, type: o.type as 'keep' })),
            clearTags: dto.tagRewrite.clearTags ?? false,
          },
        }
      : {}),
  };
}
