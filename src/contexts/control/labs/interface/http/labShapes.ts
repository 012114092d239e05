import { Type } from 'class-transformer';
import { IsArray, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

/** POST /_sim/labs */
export class CreateLabDto {
  @IsString() @MaxLength(64)
  @JSONSchema({ description: 'the lab\'s name, in its URLs (/labs/{name}/api/…): 1 to 32 lower-case letters, digits and hyphens, starting with a letter' })
  name!: string;

  @IsOptional() @IsString() @MaxLength(128)
  @JSONSchema({ description: 'a name for people (default: the name)' })
  displayName?: string;
}

export class LabView {
  @IsString() name!: string;
  @IsString() displayName!: string;
  /** ISO-8601 */
  @IsString() createdAt!: string;
  /** Where its gateway API is: `/api` for the default lab, `/labs/{name}/api` for the others. */
  @IsString() apiBase!: string;
}

export class LabListView {
  @IsArray() @ValidateNested({ each: true }) @Type(() => LabView) labs!: LabView[];
}
