import { operation } from '../../../../../shared/interface/http/Operation.js';
import { OBJECT_SORTS } from '../../../graph/domain/ObjectSort.js';
import { OBJECT_FILE_MEDIA_TYPE } from '@gwsim/object-file';
import { ConfigObjectView, ImportReportView, ObjectEntryView, ObjectTreeView, SortCountView } from './ObjectViews.js';
import { ObjectSetDto } from './ObjectSetDto.js';
import { ObjectReadController } from './ObjectReadController.js';
import { ObjectWriteController } from './ObjectWriteController.js';

const area = 'Detached objects';

/**
 * The 12 detached-objects operations, with the specification's permissions. note/set is listed there with
 * configuration read access (CFG-R), not read-write: kept as specified, so a read-only configuration user can
 * change notes (notes are not parameters and never reach the running gateway).
 */
export const objectOperations = [
  operation({
    area,
    method: 'GET',
    path: '/api/objects/sorts',
    version: 0,
    permissions: ['API', 'CFG-R'],
    body: 'none',
    summary:
      'Every sort with its kind and object count; with sort, its objects; with sort and displayName, that object',
    query: [
      { name: 'sort', type: 'string', values: OBJECT_SORTS, description: 'only objects of this sort' },
      { name: 'displayName', type: 'string', description: 'with sort: only the object of this name' },
    ],
    response: {
      kind: 'oneOf',
      of: [
        { shape: SortCountView, array: true, when: 'without sort' },
        { shape: ObjectEntryView, array: true, when: 'with sort' },
        { shape: ConfigObjectView, when: 'with sort and displayName (ETag: "<version>")' },
      ],
    },
    controller: ObjectReadController,
    handle: (c, r) => c.sorts(r),
  }),
  operation({
    area,
    method: 'GET',
    path: '/api/objects/get',
    version: 0,
    permissions: ['API', 'CFG-R'],
    body: 'none',
    summary:
      'One object by id, every scalar as a string, with its metaData block (note, version); ETag: "<version>" for If-Match',
    query: [
      {
        name: 'id',
        type: 'string',
        required: true,
        description: 'object id (36-character hyphenated or 32 hexadecimal characters)',
      },
    ],
    response: { kind: 'json', shape: ConfigObjectView },
    controller: ObjectReadController,
    handle: (c, r) => c.get(r),
  }),
  operation({
    area,
    method: 'GET',
    path: '/api/objects/note/get',
    version: 0,
    permissions: ['API', 'CFG-R'],
    body: 'none',
    summary: 'The note of an object, as plain text',
    query: [
      {
        name: 'id',
        type: 'string',
        required: true,
        description: 'object id (36-character hyphenated or 32 hexadecimal characters)',
      },
    ],
    response: { kind: 'text', example: 'uplink to the carrier' },
    controller: ObjectReadController,
    handle: (c, r) => c.note(r),
  }),
  operation({
    area,
    method: 'PUT',
    path: '/api/objects/note/set',
    version: 0,
    permissions: ['API', 'CFG-R'],
    body: 'text',
    summary: 'Replace the note of an object (raw body; CFG-R as the specification lists)',
    query: [
      {
        name: 'id',
        type: 'string',
        required: true,
        description: 'object id (36-character hyphenated or 32 hexadecimal characters)',
      },
    ],
    response: { kind: 'empty' },
    controller: ObjectWriteController,
    handle: (c, r) => c.note(r),
  }),
  operation({
    area,
    method: 'GET',
    path: '/api/objects/unreferenced/get',
    version: 0,
    permissions: ['API', 'CFG-R'],
    body: 'none',
    summary: 'The objects of a sort that no object references',
    query: [{ name: 'sort', type: 'string', required: true, values: OBJECT_SORTS, description: 'the sort' }],
    response: { kind: 'json', shape: ObjectEntryView, array: true },
    controller: ObjectReadController,
    handle: (c, r) => c.unreferencedObjects(r),
  }),
  operation({
    area,
    method: 'GET',
    path: '/api/objects/objectTree/get',
    version: 0,
    permissions: ['API', 'CFG-R'],
    body: 'none',
    summary: 'An object with its descendants: {object, via, children} nodes, cycle-safe',
    query: [
      {
        name: 'id',
        type: 'string',
        required: true,
        description: 'object id (36-character hyphenated or 32 hexadecimal characters)',
      },
    ],
    response: { kind: 'json', shape: ObjectTreeView },
    controller: ObjectReadController,
    handle: (c, r) => c.tree(r),
  }),
  operation({
    area,
    method: 'GET',
    path: '/api/objects/subTreeObjects/get',
    version: 0,
    permissions: ['API', 'CFG-R'],
    body: 'none',
    summary: 'The descendants of an object that are of a sort, nearest first',
    query: [
      {
        name: 'id',
        type: 'string',
        required: true,
        description: 'object id (36-character hyphenated or 32 hexadecimal characters)',
      },
      {
        name: 'sort',
        type: 'string',
        required: true,
        values: OBJECT_SORTS,
        description: 'the sort of the descendants',
      },
    ],
    response: { kind: 'json', shape: ConfigObjectView, array: true },
    controller: ObjectReadController,
    handle: (c, r) => c.subTreeObjects(r),
  }),
  operation({
    area,
    method: 'PUT',
    path: '/api/objects/set',
    version: 0,
    permissions: ['API', 'CFG-W'],
    body: 'json',
    summary:
      'Set (or, with a sort, create) one object; every parameter a string, type-checked; conditional on metaData.anynodefe.version',
    query: [
      {
        name: 'id',
        type: 'string',
        required: true,
        description: 'object id (36-character hyphenated or 32 hexadecimal characters)',
      },
    ],
    request: ObjectSetDto,
    response: { kind: 'json', shape: ConfigObjectView },
    controller: ObjectWriteController,
    handle: (c, r) => c.set(r),
  }),
  operation({
    area,
    method: 'DELETE',
    path: '/api/objects/remove',
    version: 0,
    permissions: ['API', 'CFG-W'],
    body: 'none',
    summary: 'Remove an object; refused (409, referrers named) while referenced',
    query: [
      {
        name: 'id',
        type: 'string',
        required: true,
        description: 'object id (36-character hyphenated or 32 hexadecimal characters)',
      },
    ],
    response: { kind: 'empty' },
    controller: ObjectWriteController,
    handle: (c, r) => c.remove(r),
  }),
  operation({
    area,
    method: 'DELETE',
    path: '/api/objects/bulkRemove',
    version: 0,
    permissions: ['API', 'CFG-W'],
    body: 'json',
    summary: 'Remove the objects of a JSON array of ids, all or nothing',
    requestArrayOf: 'string',
    response: { kind: 'empty' },
    controller: ObjectWriteController,
    handle: (c, r) => c.bulkRemove(r),
  }),
  operation({
    area,
    method: 'PUT',
    path: '/api/objects/import',
    version: 0,
    permissions: ['API', 'CFG-W'],
    body: 'multipart',
    summary: 'Import an object export file (SKIP, OVERRIDE, CLONE or CANCEL on collision), all or nothing',
    query: [
      {
        name: 'action',
        type: 'string',
        required: true,
        values: ['SKIP', 'OVERRIDE', 'CLONE', 'CANCEL'],
        description: 'what to do with objects that already exist',
      },
      { name: 'cloneComment', type: 'string', description: 'CLONE: what clone names carry' },
      {
        name: 'reassignPortOnCollision',
        type: 'boolean',
        description: 'move colliding SIP transport ports to free ones',
      },
    ],
    response: { kind: 'json', shape: ImportReportView },
    controller: ObjectWriteController,
    handle: (c, r) => c.import(r),
  }),
  operation({
    area,
    method: 'GET',
    path: '/api/objects/export',
    version: 0,
    permissions: ['API', 'CFG-R'],
    body: 'none',
    summary:
      'An object and its subtree as a downloadable .xzobject file; private data only with includePrivateData=true',
    query: [
      {
        name: 'id',
        type: 'string',
        required: true,
        description: 'object id (36-character hyphenated or 32 hexadecimal characters)',
      },
      {
        name: 'includePrivateData',
        type: 'boolean',
        description: 'include passwords, private keys and certificates (default false)',
      },
      { name: 'filename', type: 'string', description: 'name of the file, generated when omitted' },
    ],
    response: { kind: 'file', contentType: OBJECT_FILE_MEDIA_TYPE },
    controller: ObjectReadController,
    handle: (c, r) => c.export(r),
  }),
];
