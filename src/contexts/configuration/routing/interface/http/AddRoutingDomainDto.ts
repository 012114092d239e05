import { ArrayMaxSize, IsArray, IsOptional, IsString, MaxLength } from 'class-validator';
import { SchemaName } from '../../../../../shared/interface/http/SchemaName.js';

/**
 * AddRoutingDomainDto, the request of routingDomains/add and /set: a display name (required to add; on
 * set, left out keeps the name) and source node ids (either id shape; on set they are added to the current ones).
 */
@SchemaName('AddRoutingDomainOptions')
export class AddRoutingDomainDto {
  @IsOptional() @IsString() @MaxLength(255) displayName?: string | null;
  @IsOptional() @IsArray() @ArrayMaxSize(256) @IsString({ each: true }) sourceNodes?: string[] | null;
}
