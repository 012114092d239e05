import { encodeObjectFile, OBJECT_FILE_EXTENSION, OBJECT_FILE_MEDIA_TYPE } from '@gwsim/object-file';
import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../../shared/domain/DomainError.js';
import { etagOf, jsonWithETag } from '../../../../../shared/interface/http/ETag.js';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { Reply } from '../../../../../shared/interface/http/Reply.js';
import { OBJECT_SORTS, type ObjectSort } from '../../../graph/domain/ObjectSort.js';
import { ExportObject } from '../../application/ExportObject.js';
import { FindObjectByDisplayName } from '../../application/FindObjectByDisplayName.js';
import { GetObject } from '../../application/GetObject.js';
import { GetObjectTree } from '../../application/GetObjectTree.js';
import { ListObjectsOfSort } from '../../application/ListObjectsOfSort.js';
import { ListSorts } from '../../application/ListSorts.js';
import { ListSubTreeObjects } from '../../application/ListSubTreeObjects.js';
import { ListUnreferencedObjects } from '../../application/ListUnreferencedObjects.js';
import type { ObjectTreeNode } from '../../application/ObjectGraph.js';
import type { ConfigObjectView, ObjectEntryView, ObjectTreeView, SortCountView } from './ObjectViews.js';
import { renderEntry, renderObject } from './ObjectWire.js';

export function renderTree(node: ObjectTreeNode): ObjectTreeView {
  if (node.repeated) return { object: renderEntry(node.object), via: node.via, repeated: true, children: [] };
  return {
    object: renderObject(node.object),
    ...(node.via ? { via: node.via } : {}),
    children: node.children.map(renderTree),
  };
}

/** Printable ASCII without path separators: the name travels in a Content-Disposition header. */
const FILENAME_ALLOWED = /^[\x20-\x7e]+$/;
const FILENAME_FORBIDDEN = /[\\/"]/;

function exportFilename(requested: string | undefined, sort: ObjectSort, displayName: string): string {
  if (requested === undefined || requested.trim() === '') {
    return `${sort}-${displayName.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '') || 'object'}${OBJECT_FILE_EXTENSION}`;
  }
  const name = requested.trim();
  if (
    name.length > 255 ||
    !FILENAME_ALLOWED.test(name) ||
    FILENAME_FORBIDDEN.test(name) ||
    name === '.' ||
    name === '..'
  ) {
    throw DomainError.invalid(
      'FILENAME_INVALID',
      'filename must be a file name of at most 255 printable ASCII characters, without path separators or quotes',
      [{ field: 'filename', rule: 'filename', message: 'filename must be a plain file name' }],
    );
  }
  return name;
}

/** The detached-objects reads: sorts, get, note, unreferenced, objectTree, subTreeObjects, export. */
@injectable()
export class ObjectReadController {
  constructor(
    @inject(ListSorts) private readonly listSorts: ListSorts,
    @inject(ListObjectsOfSort) private readonly listOfSort: ListObjectsOfSort,
    @inject(FindObjectByDisplayName) private readonly findByName: FindObjectByDisplayName,
    @inject(GetObject) private readonly getObject: GetObject,
    @inject(ListUnreferencedObjects) private readonly unreferenced: ListUnreferencedObjects,
    @inject(GetObjectTree) private readonly objectTree: GetObjectTree,
    @inject(ListSubTreeObjects) private readonly subTree: ListSubTreeObjects,
    @inject(ExportObject) private readonly exportObject: ExportObject,
  ) {}

  /** No sort: every sort {sort, kind, count}; a sort: its objects {displayName, id, sort}; and a displayName: that object. */
  async sorts(request: OperationRequest) {
    const sort = request.query.optionalEnum<ObjectSort>('sort', OBJECT_SORTS);
    const displayName = request.query.optionalString('displayName');
    if (displayName !== undefined && sort === undefined) {
      throw DomainError.invalid(
        'SORT_REQUIRED',
        "query parameter 'displayName' needs 'sort': display names are unique within a sort",
        [{ field: 'sort', message: 'sort is required with displayName' }],
      );
    }
    if (sort === undefined) {
      return (await this.listSorts.execute(request.lab)).map(({ definition, count }): SortCountView => ({
        sort: definition.sort,
        kind: definition.kind,
        count,
      }));
    }
    if (displayName !== undefined) {
      if (displayName.trim() === '')
        throw DomainError.invalid('INVALID_QUERY_PARAMETER', "query parameter 'displayName' must not be empty", [
          { field: 'displayName', message: 'must not be empty' },
        ]);
      const found = await this.findByName.execute(request.lab, sort, displayName);
      return jsonWithETag(renderObject(found), found.version);
    }
    return (await this.listOfSort.execute(request.lab, sort)).map(renderEntry);
  }

  /** The object, with `ETag: "<version>"` for If-Match on objects/set, objects/note/set and objects/remove. */
  async get(request: OperationRequest) {
    const object = await this.getObject.execute(request.lab, request.query.string('id'));
    return jsonWithETag(renderObject(object), object.version);
  }

  /** The note as plain text (empty when the object has none), with the object's version as its ETag. */
  async note(request: OperationRequest) {
    const object = await this.getObject.execute(request.lab, request.query.string('id'));
    return Reply.text(object.note).withHeaders({ etag: etagOf(object.version) });
  }

  async unreferencedObjects(request: OperationRequest): Promise<ObjectEntryView[]> {
    const sort = request.query.enum<ObjectSort>('sort', OBJECT_SORTS);
    return (await this.unreferenced.execute(request.lab, sort)).map(renderEntry);
  }

  async tree(request: OperationRequest): Promise<ObjectTreeView> {
    return renderTree(await this.objectTree.execute(request.lab, request.query.string('id')));
  }

  async subTreeObjects(request: OperationRequest): Promise<ConfigObjectView[]> {
    const sort = request.query.enum<ObjectSort>('sort', OBJECT_SORTS);
    return (await this.subTree.execute(request.lab, request.query.string('id'), sort)).map(renderObject);
  }

  /** The object and its subtree as an object export file (.xzobject); private data only when asked for. */
  async export(request: OperationRequest) {
    const includePrivateData = request.query.boolean('includePrivateData', false);
    const requested = request.query.optionalString('filename');
    const { root, file } = await this.exportObject.execute(request.lab, request.query.string('id'), includePrivateData);
    return Reply.file(
      encodeObjectFile(file),
      exportFilename(requested, root.sort, root.displayName),
      OBJECT_FILE_MEDIA_TYPE,
    );
  }
}
