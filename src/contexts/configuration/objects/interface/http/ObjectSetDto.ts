import { IsIn, IsObject, IsOptional, IsString } from 'class-validator';
import { OBJECT_SORTS, type ObjectSort } from '../../../graph/domain/ObjectSort.js';
import { SchemaName } from '../../../../../shared/interface/http/SchemaName.js';

/**
 * The body of objects/set: the objects/get shape, every member optional (what is left out keeps its value):
 * parameters and reference slots by name, values as strings (native JSON numbers and booleans accepted),
 * metaData.anynodefe.version to make the set conditional. Checked against the sort's catalog by readObjectChange.
 */
@SchemaName('ObjectSetBody')
export class ObjectSetDto {
  [parameterOrSlot: string]: unknown;
  @IsOptional() @IsString() id?: string;
  @IsOptional() @IsIn(OBJECT_SORTS) sort?: ObjectSort;
  @IsOptional() @IsString() displayName?: string;
  @IsOptional() @IsString() comment?: string;
  @IsOptional() @IsObject() metaData?: object;
}
