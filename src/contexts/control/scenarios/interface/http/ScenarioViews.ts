import { Type } from 'class-transformer';
import {
  Allow,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  ValidateNested,
} from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { OPERATORS } from '../../domain/JsonChecks.js';
import { RUN_STATES } from '../../domain/ScenarioRun.js';
import { CLOCK_AFTERWARDS } from '../../domain/ScenarioDocument.js';

export class CheckResultView {
  @IsString() @JSONSchema({ description: 'the path into the answer (empty: the whole answer)' }) path!: string;
  @IsIn(OPERATORS) operator!: string;
  @IsOptional() @Allow() @JSONSchema({ description: 'what the check expects (any JSON)' }) expected?: unknown;
  @IsOptional()
  @Allow()
  @JSONSchema({ description: 'what was read there (count: how many items matched); absent when the path led nowhere' })
  actual?: unknown;
  @IsBoolean() passed!: boolean;
}

export class ExpectationResultView {
  @IsString() @JSONSchema({ description: 'the read: method and path' }) read!: string;
  @IsOptional() @IsInt() status?: number;
  @IsBoolean() passed!: boolean;
  @IsOptional()
  @IsString()
  @JSONSchema({ description: 'why the read itself failed (an unexpected status)' })
  error?: string;
  @IsArray() @ValidateNested({ each: true }) @Type(() => CheckResultView) checks!: CheckResultView[];
}

export class ScenarioStepView {
  @IsInt() @JSONSchema({ description: "its place in the document's steps" }) index!: number;
  @IsString() @JSONSchema({ description: 'as written: an ISO-8601 duration from the start' }) at!: string;
  @IsOptional()
  @IsString()
  @JSONSchema({ description: 'the lab instant it is due at (ISO-8601), once the run started' })
  due?: string;
  @IsOptional() @IsString() name?: string;
  @IsIn(['fault', 'clearFault', 'traffic', 'clock', 'request', 'expect']) action!: string;
  @IsString() @JSONSchema({ description: 'what it does, in one line' }) what!: string;
  @IsIn(['pending', 'done', 'failed', 'skipped']) status!: string;
  @IsOptional() @IsString() @JSONSchema({ description: 'the lab instant it ran at (ISO-8601)' }) ranAt?: string;
  @IsOptional() @IsString() detail?: string;
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ExpectationResultView)
  expectations?: ExpectationResultView[];
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
  @IsIn(CLOCK_AFTERWARDS)
  @JSONSchema({
    description:
      "how the run leaves the lab's clock once it ended: wall (back to wall time), runOn (on in the run's mode) or hold (frozen where it ended)",
  })
  afterwards!: string;
}

/** A lab's current or last scenario run. */
export class ScenarioRunView {
  @IsString() lab!: string;
  @IsString() name!: string;
  @IsString() description!: string;
  @IsIn(RUN_STATES) state!: string;
  @IsString()
  @JSONSchema({ description: 'when the run was asked for, on the lab clock (ISO-8601)' })
  requestedAt!: string;
  @IsOptional()
  @IsString()
  @JSONSchema({ description: "the scenario's start on the lab clock (ISO-8601): steps are due at start + at" })
  startedAt?: string;
  @IsOptional() @IsString() @JSONSchema({ description: 'when it ended, on the lab clock' }) endedAt?: string;
  @IsOptional()
  @IsString()
  @JSONSchema({ description: 'why it failed or stopped, when not by its steps' })
  error?: string;
  @IsOptional()
  @IsString()
  @JSONSchema({ description: 'what the lab held that the run replaced (asked for with replace: true)' })
  replaced?: string;
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
