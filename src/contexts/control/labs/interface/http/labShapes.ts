import { Type } from 'class-transformer';
import {
  Allow,
  IsArray,
  IsBoolean,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

/** POST /_sim/labs */
export class CreateLabDto {
  @IsOptional()
  @IsString()
  @MaxLength(64)
  @JSONSchema({
    description:
      "the lab's name, in its URLs (/labs/{name}/api/…): 1 to 32 lower-case letters, digits and hyphens, starting with a letter; with a scenario, by default the scenario's own lab, scenario-<its name>",
  })
  name?: string;

  @IsOptional()
  @IsString()
  @MaxLength(128)
  @JSONSchema({ description: 'a name for people (default: the name)' })
  displayName?: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(65535)
  @JSONSchema({
    description:
      "also serve the lab at the root of this port (its /api/… as the default lab's are on the main port), so a client with a fixed base URL works unchanged",
  })
  port?: number;

  @IsOptional()
  @Allow()
  @JSONSchema({
    description:
      'seed the new lab from a scenario: the name of a shipped one (GET /_sim/scenarios) or a scenario document; its steps then run on the lab clock (GET /_sim/labs/{name}/scenario)',
    anyOf: [{ type: 'string' }, { type: 'object' }],
  })
  scenario?: unknown;

  @IsOptional()
  @IsBoolean()
  @JSONSchema({
    description:
      'with a scenario: false removes the lab as soon as its run ends (a run nobody waits for leaves nothing behind; its outcome goes with it); default true: the lab stays, its outcome read at GET /_sim/labs/{name}/scenario',
  })
  keep?: boolean;
}

/** POST /_sim/labs/{lab}/reset */
export class ResetLabDto {
  @IsString()
  @MaxLength(64)
  @JSONSchema({
    description:
      '"empty": what a new lab holds (the factory configuration, the built-in administrator, a real-time clock, no traffic, no history); "demo": that, with the demo a fresh start installs (its configuration committed, a 30-session lab license, its traffic running); "scenario": that, seeded again from the scenario the lab was made from or last ran (409 NO_SCENARIO when none); any other name: the lab\'s snapshot of that name, restored (404 SNAPSHOT_NOT_FOUND naming to)',
  })
  to!: string;
}

export class LabView {
  @IsString() name!: string;
  @IsString() displayName!: string;
  /** ISO-8601 */
  @IsString() createdAt!: string;
  /** Where its gateway API is: `/api` for the default lab, `/labs/{name}/api` for the others. */
  @IsString() apiBase!: string;
  /** The port the lab is also served on, at its root (absent: none). */
  @IsOptional() @IsInt() port?: number;
}

export class LabListView {
  @IsArray() @ValidateNested({ each: true }) @Type(() => LabView) labs!: LabView[];
}
