/**
 * The gwsim configuration file (`.xzconfig`), format version 1.
 *
 * A configuration file holds one whole configuration graph: every object with its parameters and references.
 * On disk it is a UTF-8 JSON document, gzip-compressed (readers also accept it uncompressed):
 *
 * ```json
 * {
 *   "format": "gwsim-config",
 *   "formatVersion": 1,
 *   "exportedAt": "2026-03-01T08:00:00.000Z",
 *   "generator": "gwsim 0.1.0",
 *   "objects": [
 *     { "id": "3f1c0a9e-…", "sort": "IN_STACK", "displayName": "eth0",
 *       "parameters": { "interface": "eth0" }, "references": { "digitalIdentity": ["…"] },
 *       "common": { "comment": "", "visible": true, "protected": false, "trMark": false },
 *       "note": "", "metadata": {} }
 *   ]
 * }
 * ```
 *
 * Rules: `format`, `formatVersion`, `exportedAt` and `objects` are required; `generator` is optional. In an
 * object, `id`, `sort` and `displayName` are required; `parameters`, `references`, `common`, `note` and `metadata`
 * may be left out (empty or default values). Ids take either shape (36 characters hyphenated, or 32 hexadecimal
 * characters) and are read in the canonical lower-case hyphenated form; no id may occur twice; every id in
 * `references` must be the id of an object of the same file (a file is self-contained). Unknown members are
 * errors, so a typo never passes silently.
 */
export const CONFIG_FILE_FORMAT = 'gwsim-config';
export const CONFIG_FILE_VERSION = 1;
export const SUPPORTED_FORMAT_VERSIONS: readonly number[] = [CONFIG_FILE_VERSION];
export const CONFIG_FILE_EXTENSION = '.xzconfig';
export const CONFIG_FILE_MEDIA_TYPE = 'application/gzip';

export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

export interface ConfigFileCommon {
  readonly comment: string;
  readonly visible: boolean;
  readonly protected: boolean;
  readonly trMark: boolean;
}

export const DEFAULT_FILE_COMMON: ConfigFileCommon = Object.freeze({
  comment: '',
  visible: true,
  protected: false,
  trMark: false,
});

export interface ConfigFileObject {
  readonly id: string;
  readonly sort: string;
  readonly displayName: string;
  readonly parameters: { readonly [name: string]: JsonValue };
  readonly references: { readonly [slot: string]: readonly string[] };
  readonly common: ConfigFileCommon;
  readonly note: string;
  readonly metadata: { readonly [key: string]: JsonValue };
}

export interface ConfigFileDocument {
  readonly format: typeof CONFIG_FILE_FORMAT;
  readonly formatVersion: number;
  /** ISO-8601 instant. */
  readonly exportedAt: string;
  readonly generator?: string;
  readonly objects: readonly ConfigFileObject[];
}

/** One thing wrong with a file: where (a JSON path such as `objects[3].references.node[0]`) and what. */
export interface ConfigFileProblem {
  readonly path: string;
  readonly message: string;
}

/** A file that cannot be read; `problems` lists what is wrong, at most MAX_PROBLEMS of them. */
export class ConfigFileError extends Error {
  constructor(readonly problems: readonly ConfigFileProblem[]) {
    super(problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join('; '));
    this.name = 'ConfigFileError';
  }
}

export const MAX_PROBLEMS = 20;

const HYPHENATED = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const COMPACT = /^[0-9a-fA-F]{32}$/;

/** The canonical (lower-case hyphenated) form of an id in either shape; undefined for anything else. */
export function canonicalFileId(text: string): string | undefined {
  if (HYPHENATED.test(text)) return text.toLowerCase();
  if (COMPACT.test(text)) {
    const h = text.toLowerCase();
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
  return undefined;
}
