import { Type } from 'class-transformer';
import { Allow, IsArray, IsBoolean, IsIn, IsInt, IsNumber, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { OPERATORS } from '../../domain/JsonChecks.js';
import { RUN_STATES } from '../../domain/ScenarioRun.js';

/**
 * POST /_sim/labs/{lab}/scenario: a scenario document (see docs/scenarios.md), or `{use: "<name>"}` for a shipped
 * one. The document is checked by the scenario's own parser (400 INVALID_SCENARIO naming each field); this class
 * describes it in /_sim/openapi.json.
 */
export class ScenarioDocumentDto {
  @IsOptional() @IsString() @MaxLength(64)
  @JSONSchema({ description: 'the name of a shipped scenario (GET /_sim/scenarios) instead of a document', examples: ['carrier-outage'] })
  use?: string;

  @IsOptional() @IsInt() @JSONSchema({ description: 'the format of the document: 1' }) formatVersion?: number;
  @IsOptional() @IsString() @JSONSchema({ description: 'lower-case letters, digits and hyphens' }) name?: string;
  @IsOptional() @IsString() description?: string;

  @IsOptional() @Allow()
  @JSONSchema({ type: 'object', description: 'configuration {fileName, contentBase64}, licenses [{name, sessions, validFrom?, validUntil?}], users [{name, password, role}], requests [{method, path, body?, status?}], traffic {running?, profile?}, randomSeed, clock {start?, mode?, scale?}' })
  seed?: unknown;

  @IsOptional() @Allow()
  @JSONSchema({ type: 'array', items: { type: 'object' }, description: 'each {at: ISO-8601 duration from the start, name?, and one of fault, clearFault, traffic, clock, request, expect}' })
  steps?: unknown;
}

export class CheckResultView {
  @IsString() @JSONSchema({ description: 'the path into the answer (empty: the whole answer)' }) path!: string;
  @IsIn(OPERATORS) operator!: string;
  @IsOptional() @Allow() @JSONSchema({ description: 'what the check expects (any JSON)' }) expected?: unknown;
  @IsOptional() @Allow() @JSONSchema({ description: 'what was read there (count: how many items matched); absent when the path led nowhere' }) actual?: unknown;
  @IsBoolean() passed!: boolean;
}

export class ExpectationResultView {
  @IsString() @JSONSchema({ description: 'the read: method and path' }) read!: string;
  @IsOptional() @IsInt() status?: number;
  @IsBoolean() passed!: boolean;
  @IsOptional() @IsString() @JSONSchema({ description: 'why the read itself failed (an unexpected status)' }) error?: string;
  @IsArray() @ValidateNested({ each: true }) @Type(() => CheckResultView) checks!: CheckResultView[];
}

export class ScenarioStepView {
  @IsInt() @JSONSchema({ description: 'its place in the document\'s steps' }) index!: number;
  @IsString() @JSONSchema({ description: 'as written: an ISO-8601 duration from the start' }) at!: string;
  @IsOptional() @IsString() @JSONSchema({ description: 'the lab instant it is due at (ISO-8601), once the run started' }) due?: string;
  @IsOptional() @IsString() name?: string;
  @IsIn(['fault', 'clearFault', 'traffic', 'clock', 'request', 'expect']) action!: string;
  @IsString() @JSONSchema({ description: 'what it does, in one line' }) what!: string;
  @IsIn(['pending', 'done', 'failed', 'skipped']) status!: string;
  @IsOptional() @IsString() @JSONSchema({ description: 'the lab instant it ran at (ISO-8601)' }) ranAt?: string;
  @IsOptional() @IsString() detail?: string;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => ExpectationResultView) expectations?: ExpectationResultView[];
}

export class ScenarioSummaryView {
  @IsInt() steps!: number;
  @IsInt() done!: number;
  @IsInt() failed!: number;
  @IsInt() pending!: number;
  @IsInt() skipped!: number;
  @IsInt() @JSONSchema({ description: 'checks of expectations met' }) checksPassed!: number;
  @IsInt() @JSONSchema({ description: 'checks of expectations not met' }) checksFailed!: number;
}

export class ScenarioClockView {
  @IsIn(['real', 'scaled', 'frozen']) mode!: string;
  @IsOptional() @IsNumber() scale?: number;
}

/** A lab's current or last scenario run. */
export class ScenarioRunView {
  @IsString() lab!: string;
  @IsString() name!: string;
  @IsString() description!: string;
  @IsIn(RUN_STATES) state!: string;
  @IsString() @JSONSchema({ description: 'when the run was asked for, on the lab clock (ISO-8601)' }) requestedAt!: string;
  @IsOptional() @IsString() @JSONSchema({ description: 'the scenario\'s start on the lab clock (ISO-8601): steps are due at start + at' }) startedAt?: string;
  @IsOptional() @IsString() @JSONSchema({ description: 'when it ended, on the lab clock' }) endedAt?: string;
  @IsOptional() @IsString() @JSONSchema({ description: 'why it failed or stopped, when not by its steps' }) error?: string;
  @ValidateNested() @Type(() => ScenarioClockView) clock!: ScenarioClockView;
  @ValidateNested() @Type(() => ScenarioSummaryView) summary!: ScenarioSummaryView;
  @IsArray() @ValidateNested({ each: true }) @Type(() => ScenarioStepView) steps!: ScenarioStepView[];
}

export class ScenarioEntryView {
  @IsString() name!: string;
  @IsString() description!: string;
}

export class ScenarioListView {
  @IsArray() @ValidateNested({ each: true }) @Type(() => ScenarioEntryView) scenarios!: ScenarioEntryView[];
}
