import { Allow, IsBoolean, IsInt, IsOptional, IsString, MaxLength } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

/**
 * POST /_sim/labs/{lab}/scenario: a scenario document (see docs/scenarios.md), or `{use: "<name>"}` for a shipped
 * one. The document is checked by the scenario's own parser (400 INVALID_SCENARIO naming each field); this class
 * describes it in /_sim/openapi.json.
 */
export class ScenarioDocumentDto {
  @IsOptional()
  @IsString()
  @MaxLength(64)
  @JSONSchema({
    description: 'the name of a shipped scenario (GET /_sim/scenarios) instead of a document',
    examples: ['carrier-outage'],
  })
  use?: string;

  @IsOptional()
  @IsBoolean()
  @JSONSchema({
    description:
      "true: replace what the lab holds (a configuration other than the factory's, call history): the run resets it first. Without it such a lab answers 409 LAB_IN_USE naming what it holds. Not a field of the document",
  })
  replace?: boolean;

  @IsOptional() @IsInt() @JSONSchema({ description: 'the format of the document: 1' }) formatVersion?: number;
  @IsOptional() @IsString() @JSONSchema({ description: 'lower-case letters, digits and hyphens' }) name?: string;
  @IsOptional() @IsString() description?: string;

  @IsOptional()
  @Allow()
  @JSONSchema({
    type: 'object',
    description:
      'configuration {fileName, contentBase64}, licenses [{name, sessions, validFrom?, validUntil?}], users [{name, password, role}], requests [{method, path, body?, status?}], traffic {running?, profile?}, randomSeed, clock {start?, mode?, scale?, afterwards?: wall (default) | runOn | hold}',
  })
  seed?: unknown;

  @IsOptional()
  @Allow()
  @JSONSchema({
    type: 'array',
    items: { type: 'object' },
    description:
      'each {at: ISO-8601 duration from the start, name?, and one of fault, clearFault, traffic, clock, request, expect}',
  })
  steps?: unknown;
}
