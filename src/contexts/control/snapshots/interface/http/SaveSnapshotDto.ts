import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

/** POST /_sim/labs/{lab}/snapshots */
export class SaveSnapshotDto {
  @IsString()
  @MaxLength(128)
  @JSONSchema({
    description:
      "the snapshot's name: 1 to 64 lower-case letters, digits, '.', '_' and '-', starting with a letter or digit ('empty', 'demo' and 'scenario' are reserved)",
  })
  name!: string;

  @IsOptional()
  @IsBoolean()
  @JSONSchema({ description: 'true: replace a snapshot of that name (default: 409 SNAPSHOT_EXISTS)' })
  replace?: boolean;
}
