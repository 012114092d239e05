import { Type } from 'class-transformer';
import { IsIn, IsNumberString, IsString, IsUUID, ValidateNested } from 'class-validator';
import { OBJECT_SORTS, type ObjectSort } from '../../domain/ObjectSort.js';

const FLAGS = ['true', 'false'];

/** metaData.anynodefe.replication: whether the object's system identifiers are replicated to a standby. */
export class ObjectReplicationView {
  [member: string]: unknown;
  @IsIn(FLAGS) systemIdentifiersEnabled!: string;
}

/**
 * metaData.anynodefe of an object: stored metadata kept verbatim, the replication block the real product shows
 * on every object (`"false"` unless stored otherwise), the note, and the optimistic version.
 */
export class AnynodefeView {
  [metadata: string]: unknown;
  @IsString() compatibility!: string;
  @ValidateNested() @Type(() => ObjectReplicationView) replication!: ObjectReplicationView;
  @IsString() note!: string;
  /** The version to send back with a set (metaData.anynodefe.version, or If-Match) to make it conditional. */
  @IsNumberString() version!: string;
}

export class ObjectMetaDataView {
  @ValidateNested() @Type(() => AnynodefeView) anynodefe!: AnynodefeView;
}

/**
 * An object as objects/get shows it: every scalar a string, lists as arrays, records as objects, each
 * parameter and reference slot of its sort by name besides the members named here (secrets left out).
 */
export class ConfigObjectView {
  [parameterOrSlot: string]: unknown;
  @IsUUID() id!: string;
  @IsIn(OBJECT_SORTS) sort!: ObjectSort;
  @IsString() displayName!: string;
  @IsString() comment!: string;
  @IsIn(FLAGS) visible!: string;
  @IsIn(FLAGS) protected!: string;
  @IsIn(FLAGS) trMark!: string;
  @ValidateNested() @Type(() => ObjectMetaDataView) metaData!: ObjectMetaDataView;
}
