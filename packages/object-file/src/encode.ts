import { OBJECT_FILE_FORMAT, OBJECT_FILE_VERSION, type ObjectFileDocument, type ObjectFileEntry } from './format.js';

export interface ObjectFileInput {
  readonly exportedAt: Date;
  readonly generator?: string;
  readonly rootId: string;
  readonly includesPrivateData: boolean;
  /** The root first, then its subtree. */
  readonly objects: readonly ObjectFileEntry[];
}

/** Builds the version 1 document (objects in the order given, members in a fixed order). */
export function objectFileDocument(input: ObjectFileInput): ObjectFileDocument {
  return {
    format: OBJECT_FILE_FORMAT,
    formatVersion: OBJECT_FILE_VERSION,
    exportedAt: input.exportedAt.toISOString(),
    ...(input.generator !== undefined ? { generator: input.generator } : {}),
    rootId: input.rootId,
    includesPrivateData: input.includesPrivateData,
    objects: input.objects.map((o) => ({
      id: o.id,
      sort: o.sort,
      displayName: o.displayName,
      parameters: o.parameters,
      references: o.references,
      common: {
        comment: o.common.comment,
        visible: o.common.visible,
        protected: o.common.protected,
        trMark: o.common.trMark,
      },
      note: o.note,
      metadata: o.metadata,
      strippedParameters: [...o.strippedParameters],
    })),
  };
}

/** The file's bytes: indented UTF-8 JSON with a final newline, readable and diffable. */
export function encodeObjectFile(input: ObjectFileInput): Buffer {
  return Buffer.from(`${JSON.stringify(objectFileDocument(input), null, 2)}\n`, 'utf8');
}
