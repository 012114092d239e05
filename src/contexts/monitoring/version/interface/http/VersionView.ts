import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Min, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

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
  /** A SoftwareVersion, or a text status such as 'Service Unavailable' while the monitor cannot be reached. */
  @IsOptional()
  @ValidateNested()
  @Type(() => ComponentVersionView)
  @JSONSchema(() => ({
    oneOf: [
      { $ref: '#/components/schemas/ComponentVersionView' },
      { type: 'string', description: "the monitor's status while it cannot be reached, e.g. 'Service Unavailable'" },
    ],
  }))
  monitor?: ComponentVersionView | string;
  @IsOptional() @ValidateNested() @Type(() => ComponentVersionView) ucma?: ComponentVersionView;
  @IsOptional() @ValidateNested() @Type(() => JavaVersionView) java?: JavaVersionView;
}
