import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, Min, ValidateNested } from 'class-validator';
import { OBJECT_SORTS, type ObjectSort } from '../../../graph/domain/ObjectSort.js';
import { IMPORT_ACTIONS, type ImportAction, type ImportOutcome } from '../../application/ImportObjects.js';

/**
 * The answers of the detached-objects operations, one class per shape: the decorators describe each answer in
 * /openapi.json (class-validator-jsonschema) and the mappings in ObjectWire and the controllers are typed to
 * return these classes. Members the decorators do not name (an object's parameters and reference slots, which
 * differ per sort) are free-form: the schemas leave additional properties open.
 */
/** An object as objects/get shows it: the graph's one shape (graph/interface/http/ConfigObjectViews.ts, rendered by objectRendering.ts). */
export {
  AnynodefeView,
  ConfigObjectView,
  ObjectMetaDataView,
} from '../../../graph/interface/http/ConfigObjectViews.js';
import type { ConfigObjectView } from '../../../graph/interface/http/ConfigObjectViews.js';

/** The short form of list answers (objects/sorts with a sort, unreferenced): as the real product lists objects. */
export class ObjectEntryView {
  @IsString() displayName!: string;
  @IsUUID() id!: string;
  @IsIn(OBJECT_SORTS) sort!: ObjectSort;
}

/** objects/sorts without a sort: each sort with its kind and how many objects it has. */
export class SortCountView {
  @IsIn(OBJECT_SORTS) sort!: ObjectSort;
  @IsString() kind!: string;
  @IsInt() @Min(0) count!: number;
}

/**
 * A node of objects/objectTree: the object (as objects/get shows it; only id, sort and displayName when it was
 * shown before, `repeated`), the slot that led to it, and its children.
 */
export class ObjectTreeView {
  @ValidateNested() @Type(() => ObjectEntryView) object!: ConfigObjectView | ObjectEntryView;
  @IsOptional() @IsString() via?: string;
  @IsOptional() @IsIn([true]) repeated?: true;
  @ValidateNested({ each: true }) @Type(() => ObjectTreeView) children!: readonly ObjectTreeView[];
}

export class ImportedObjectView {
  /** The id the object has in the file. */
  @IsUUID() fileId!: string;
  /** The id it has in the configuration now. */
  @IsUUID() id!: string;
  @IsIn(OBJECT_SORTS) sort!: ObjectSort;
  @IsString() displayName!: string;
  @IsIn(['created', 'overridden', 'cloned', 'skipped']) outcome!: ImportOutcome;
  @IsOptional() @IsIn(['id', 'sortAndDisplayName']) matchedBy?: 'id' | 'sortAndDisplayName';
}

export class PortMoveView {
  @IsUUID() id!: string;
  @IsString() displayName!: string;
  @IsIn(['udpTcpPort', 'tlsPort']) parameter!: 'udpTcpPort' | 'tlsPort';
  @IsInt() from!: number;
  @IsInt() to!: number;
}

/** objects/import: what became of each object of the file, and which SIP transport ports moved. */
export class ImportReportView {
  @IsIn(IMPORT_ACTIONS) action!: ImportAction;
  @ValidateNested({ each: true }) @Type(() => ImportedObjectView) objects!: readonly ImportedObjectView[];
  @ValidateNested({ each: true }) @Type(() => PortMoveView) portMoves!: readonly PortMoveView[];
}
