import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Min, ValidateNested } from 'class-validator';

/** A component's version as version/get answers it. */
export class ComponentVersionView {
  @IsInt() @Min(0) versionMajor!: number;
  @IsInt() @Min(0) versionMinor!: number;
  @IsInt() @Min(0) versionRelease!: number;
}

/** The Java runtime's version string. */
export class JavaVersionView {
  @IsString() version!: string;
}

/** version/get: every component but ucma, or only the one `product` selects. */
export class VersionView {
  @IsOptional() @ValidateNested() @Type(() => ComponentVersionView) core?: ComponentVersionView;
  @IsOptional() @ValidateNested() @Type(() => ComponentVersionView) administration?: ComponentVersionView;
  @IsOptional() @ValidateNested() @Type(() => ComponentVersionView) frontend?: ComponentVersionView;
  @IsOptional() @ValidateNested() @Type(() => ComponentVersionView) monitor?: ComponentVersionView;
  @IsOptional() @ValidateNested() @Type(() => ComponentVersionView) ucma?: ComponentVersionView;
  @IsOptional() @ValidateNested() @Type(() => JavaVersionView) java?: JavaVersionView;
}
