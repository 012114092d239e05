/**
 * The gwsim object export file (`.xzobject`), format version 1: one configuration object and everything it
 * references, directly or through other objects (its subtree), as produced by `GET /api/objects/export` and
 * read by `PUT /api/objects/import`.
 *
 * On disk it is a UTF-8 JSON document, written uncompressed (readers also accept it gzip-compressed):
 *
 * ```json
 * {
 *   "format": "gwsim-object-export",
 *   "formatVersion": 1,
 *   "exportedAt": "2026-03-01T08:00:00.000Z",
 *   "generator": "gwsim",
 *   "rootId": "3f1c0a9e-0000-4000-8000-000000000001",
 *   "includesPrivateData": false,
 *   "objects": [
 *     { "id": "3f1c0a9e-0000-4000-8000-000000000001", "sort": "SIPAUTH_STACK", "displayName": "carrier login",
 *       "parameters": { "username": "alice", "realm": "" }, "references": {},
 *       "common": { "comment": "", "visible": true, "protected": false, "trMark": false },
 *       "note": "", "metadata": {}, "strippedParameters": ["password"] }
 *   ]
 * }
 * ```
 *
 * Rules:
 * - `format`, `formatVersion`, `exportedAt` (ISO-8601 instant), `rootId`, `includesPrivateData` and `objects`
 *   are required; `generator` is optional. Unknown members are errors, so a typo never passes silently.
 * - `objects` holds at least one object; the root comes first when written, but readers do not rely on order.
 * - In an object, `id`, `sort` and `displayName` are required; `parameters` (typed JSON values: numbers,
 *   booleans, strings, arrays, objects), `references` (slot name → array of ids), `common`, `note`, `metadata`
 *   and `strippedParameters` may be left out (empty or default values).
 * - Ids take either shape (36-character hyphenated, or 32 hexadecimal characters) and are read in the canonical
 *   lower-case hyphenated form. No id occurs twice, `rootId` names an object of the file, and every id in
 *   `references` names an object of the file: a file is self-contained.
 * - `strippedParameters` names the private parameters (passwords, private keys, certificates, secrets) left
 *   out because the export was made without private data; a stripped parameter has no value in `parameters`.
 *   With `includesPrivateData` true no parameter may be stripped.
 * What the parameters and sorts mean is not this package's business: the gateway checks them on import.
 */
export const OBJECT_FILE_FORMAT = 'gwsim-object-export';
export const OBJECT_FILE_VERSION = 1;
export const SUPPORTED_OBJECT_FILE_VERSIONS: readonly number[] = [OBJECT_FILE_VERSION];
export const OBJECT_FILE_EXTENSION = '.xzobject';
export const OBJECT_FILE_MEDIA_TYPE = 'application/json';

export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

export interface ObjectFileCommon {
  readonly comment: string;
  readonly visible: boolean;
  readonly protected: boolean;
  readonly trMark: boolean;
}

export const DEFAULT_OBJECT_COMMON: ObjectFileCommon = Object.freeze({
  comment: '',
  visible: true,
  protected: false,
  trMark: false,
});

export interface ObjectFileEntry {
  readonly id: string;
  readonly sort: string;
  readonly displayName: string;
  readonly parameters: { readonly [name: string]: JsonValue };
  readonly references: { readonly [slot: string]: readonly string[] };
  readonly common: ObjectFileCommon;
  readonly note: string;
  readonly metadata: { readonly [key: string]: JsonValue };
  readonly strippedParameters: readonly string[];
}

export interface ObjectFileDocument {
  readonly format: typeof OBJECT_FILE_FORMAT;
  readonly formatVersion: number;
  /** ISO-8601 instant. */
  readonly exportedAt: string;
  readonly generator?: string;
  readonly rootId: string;
  readonly includesPrivateData: boolean;
  readonly objects: readonly ObjectFileEntry[];
}

/** One thing wrong with a file: where (a JSON path such as `objects[3].references.node[0]`) and what. */
export interface ObjectFileProblem {
  readonly path: string;
  readonly message: string;
}

/** A file that cannot be read; `problems` lists what is wrong, at most MAX_OBJECT_FILE_PROBLEMS of them. */
export class ObjectFileError extends Error {
  constructor(readonly problems: readonly ObjectFileProblem[]) {
    super(problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join('; '));
    this.name = 'ObjectFileError';
  }
}

export const MAX_OBJECT_FILE_PROBLEMS = 20;

const HYPHENATED = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const COMPACT = /^[0-9a-fA-F]{32}$/;

/** The canonical (lower-case hyphenated) form of an id in either shape; undefined for anything else. */
export function canonicalObjectFileId(text: string): string | undefined {
  if (HYPHENATED.test(text)) return text.toLowerCase();
  if (COMPACT.test(text)) {
    const h = text.toLowerCase();
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
  return undefined;
}
