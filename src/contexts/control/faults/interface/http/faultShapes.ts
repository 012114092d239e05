import { Type } from 'class-transformer';
import {
  Allow,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import {
  GATEWAY_FAULT_KINDS,
  GATEWAY_FAULTS,
  LATENCY_DISTRIBUTIONS,
  MAX_FAULT_JITTER_MS,
  MAX_FAULT_MS,
  MAX_FAULT_STATUS,
  MIN_FAULT_STATUS,
} from '../../domain/FaultEffect.js';
import { FAULT_METHODS, MATCH_ALL } from '../../domain/FaultMatch.js';
import { MAX_EXPIRES_IN_SECONDS, MAX_FAULT_COUNT } from '../../domain/FaultRule.js';

/**
 * A fault rule on the wire (POST /_sim/labs/{lab}/faults, and the answers). The decorators check the types and
 * ranges and describe the shape in /_sim/openapi.json; the domain (FaultRule, FaultEffect, FaultMatch) checks
 * again, with the rules across fields (one answer per rule, a gateway fault alone, window order).
 */

/** latencyMs: a fixed number of milliseconds or a distribution object (the domain checks its fields). */
function IsLatency(): PropertyDecorator {
  return ValidateBy({
    name: 'isLatency',
    validator: {
      validate: (value: unknown) =>
        (typeof value === 'number' && Number.isFinite(value)) ||
        (value !== null && typeof value === 'object' && !Array.isArray(value)),
      defaultMessage: () =>
        '$property must be a number of milliseconds or {"distribution": "uniform", "min", "max"} or {"distribution": "normal", "mean", "sd"}',
    },
  });
}

/** Which gateway faults take a parameter, for its description ("nodeDown, trunkDown, packetLoss (required)"). */
function takenBy(name: string): string {
  return Object.entries(GATEWAY_FAULTS)
    .flatMap(([kind, parameters]) =>
      parameters.filter((p) => p.name === name).map((p) => `${kind}${p.required ? ' (required)' : ''}`),
    )
    .join(', ');
}

@JSONSchema({ minProperties: 1 })
export class FaultMatchDto {
  @IsOptional()
  @IsString()
  @MaxLength(200)
  @JSONSchema({
    description: "the operation's path without /api/, such as nodes/get (app/... for the /app/ paths)",
    examples: ['nodes/get'],
  })
  operation?: string;

  @IsOptional()
  @IsString()
  @MaxLength(256)
  @JSONSchema({
    description: 'a path pattern instead of an operation: * any run of characters, ? one character',
    examples: ['/api/nodes/*'],
  })
  path?: string;

  @IsOptional()
  @IsIn(FAULT_METHODS)
  method?: string;

  @IsOptional()
  @IsString()
  @MaxLength(128)
  @JSONSchema({ description: 'the user the request names (its Basic credentials or its session)' })
  user?: string;

  @IsOptional()
  @IsBoolean()
  @JSONSchema({
    description: `true, alone: every gateway request of the lab (${MATCH_ALL}); a match names at least one condition otherwise`,
    enum: [true],
  })
  all?: boolean;
}

export class FaultEffectDto {
  @IsOptional()
  @IsInt()
  @Min(MIN_FAULT_STATUS)
  @Max(MAX_FAULT_STATUS)
  @JSONSchema({
    description: 'answer this status instead of the operation (with body, or the error shape with code FAULT_INJECTED)',
  })
  status?: number;

  @IsOptional()
  @Allow()
  @JSONSchema({ description: 'any JSON: the body answered with status' })
  body?: unknown;

  @IsOptional()
  @IsLatency()
  // a function replaces the generated schema (which would name the property's design type, Object)
  @JSONSchema(() => ({
    description: `milliseconds added before the answer (0 to ${MAX_FAULT_MS}), fixed or drawn from a distribution`,
    anyOf: [
      { type: 'number', minimum: 0, maximum: MAX_FAULT_MS },
      {
        type: 'object',
        required: ['distribution'],
        properties: {
          distribution: { type: 'string', enum: [...LATENCY_DISTRIBUTIONS] },
          min: { type: 'number' },
          max: { type: 'number' },
          mean: { type: 'number' },
          sd: { type: 'number' },
        },
      },
    ],
  }))
  latencyMs?: unknown;

  @IsOptional()
  @IsBoolean()
  @JSONSchema({ description: 'true: the connection is closed without an answer' })
  drop?: boolean;

  @IsOptional()
  @IsBoolean()
  @JSONSchema({ description: 'true: 200 with a truncated JSON body (content type JSON)' })
  malformedBody?: boolean;

  @IsOptional()
  @IsBoolean()
  @JSONSchema({
    description: 'true: no answer until the client gives up (or five minutes, then the connection is closed)',
  })
  timeout?: boolean;

  @IsOptional()
  @IsIn(GATEWAY_FAULT_KINDS, { message: `$property must be one of ${GATEWAY_FAULT_KINDS.join(', ')}` })
  @JSONSchema({
    type: 'string',
    enum: [...GATEWAY_FAULT_KINDS],
    description:
      'a gateway fault, held while the rule is active (with the parameters its kind takes, beside kind; nothing else)',
  })
  kind?: string;

  @IsOptional()
  @IsString()
  @JSONSchema({
    description: `a node id of the lab's committed configuration; taken by ${takenBy('node')}`,
    examples: ['8c694406-0000-4000-8000-000000000001'],
  })
  node?: string;

  @IsOptional()
  @IsNumber()
  @JSONSchema({
    description: `percent of RTP packets lost on the node's media, 0 to 100; taken by ${takenBy('lossPercent')}`,
    minimum: 0,
    maximum: 100,
  })
  lossPercent?: number;

  @IsOptional()
  @IsNumber()
  @JSONSchema({
    description: `milliseconds of jitter on the node's media, 0 to ${MAX_FAULT_JITTER_MS} (default: unchanged); taken by ${takenBy('jitterMs')}`,
    minimum: 0,
    maximum: MAX_FAULT_JITTER_MS,
  })
  jitterMs?: number;

  @IsOptional()
  @IsNumber()
  @JSONSchema({
    description: `the CPU load in percent, a whole number from 1 to 100 (default 98); taken by ${takenBy('loadPercent')}`,
    type: 'integer',
    minimum: 1,
    maximum: 100,
  })
  loadPercent?: number;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

export class FaultWindowDto {
  @IsOptional()
  @IsString()
  @Matches(ISO_INSTANT, {
    message: '$property must be an ISO-8601 instant with its offset, such as 2026-03-01T08:00:00Z',
  })
  from?: string;

  @IsOptional()
  @IsString()
  @Matches(ISO_INSTANT, {
    message: '$property must be an ISO-8601 instant with its offset, such as 2026-03-01T08:00:00Z',
  })
  until?: string;
}

/** POST /_sim/labs/{lab}/faults. */
export class FaultRuleDto {
  @IsOptional()
  @ValidateNested()
  @Type(() => FaultMatchDto)
  @JSONSchema({
    description: `which gateway requests get an API fault: every condition given must hold, and at least one is given (operation or path, method, user), or ${MATCH_ALL} for every gateway request; required with an API effect, not taken by a gateway fault (effect.kind)`,
    examples: [{ operation: 'nodes/get', method: 'GET' }, { all: true }],
  })
  match?: FaultMatchDto;

  @ValidateNested()
  @Type(() => FaultEffectDto)
  effect!: FaultEffectDto;

  @IsOptional()
  @IsNumber()
  @Min(0)
  @Max(1)
  @JSONSchema({ description: 'the share of matching requests that get the fault (default 1)' })
  probability?: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_FAULT_COUNT)
  @JSONSchema({ description: 'the rule expires after this many faults' })
  count?: number;

  @IsOptional()
  @ValidateNested()
  @Type(() => FaultWindowDto)
  @JSONSchema({ description: 'when the rule holds, on the lab clock' })
  window?: FaultWindowDto;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_EXPIRES_IN_SECONDS)
  @JSONSchema({ description: 'the rule expires this many seconds after it was added' })
  expiresInSeconds?: number;
}

/** A rule as listed: what was written, its id, its hits so far, what remains of its count, when it expires. */
export class FaultRuleView {
  @IsString() id!: string;
  @IsOptional() @ValidateNested() @Type(() => FaultMatchDto) match?: FaultMatchDto;
  @ValidateNested() @Type(() => FaultEffectDto) effect!: FaultEffectDto;
  @IsOptional() @IsNumber() probability?: number;
  @IsOptional() @IsInt() count?: number;
  @IsOptional() @ValidateNested() @Type(() => FaultWindowDto) window?: FaultWindowDto;
  @IsInt() @JSONSchema({ description: 'faults given so far' }) hits!: number;
  @IsOptional()
  @IsInt()
  @JSONSchema({ description: 'faults left before the rule expires (with a count)' })
  remaining?: number;
  @IsOptional()
  @IsString()
  @JSONSchema({ description: 'ISO-8601: when the rule expires by time (window end or expiresInSeconds, the earlier)' })
  expiresAt?: string;
  @IsBoolean() @JSONSchema({ description: 'whether it holds now (its window has begun)' }) active!: boolean;
  @IsString() @JSONSchema({ description: 'ISO-8601, on the lab clock' }) createdAt!: string;
}

export class FaultRuleListView {
  @IsString() lab!: string;
  @ValidateNested({ each: true }) @Type(() => FaultRuleView) rules!: FaultRuleView[];
}
