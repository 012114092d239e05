import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsInt, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

/** POST /_sim/labs/{lab}/snapshots */
export class SaveSnapshotDto {
  @IsString() @MaxLength(128)
  @JSONSchema({ description: "the snapshot's name: 1 to 64 lower-case letters, digits, '.', '_' and '-', starting with a letter or digit ('empty' and 'scenario' are reserved)" })
  name!: string;

  @IsOptional() @IsBoolean()
  @JSONSchema({ description: 'true: replace a snapshot of that name (default: 409 SNAPSHOT_EXISTS)' })
  replace?: boolean;
}

export class SnapshotView {
  @IsString() name!: string;
  /** ISO-8601 */
  @IsString() createdAt!: string;
  /** The lab it was taken in (an imported one: the lab of the file). */
  @IsString() sourceLab!: string;
  /** The source lab's revision (its count of committed write units) when it was taken. */
  @IsInt() labRevision!: number;
  /** The store's schema it was taken on (the latest migration's name). */
  @IsString() schema!: string;
  /** Rows of the lab's state it holds, all tables together. */
  @IsInt() objects!: number;
  /** Size of the state as stored (JSON, bytes). */
  @IsInt() bytes!: number;
}

export class SnapshotListView {
  @IsArray() @ValidateNested({ each: true }) @Type(() => SnapshotView) snapshots!: SnapshotView[];
}
