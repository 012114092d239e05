import { Type } from 'class-transformer';
import { IsArray, IsInt, IsString, ValidateNested } from 'class-validator';

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
