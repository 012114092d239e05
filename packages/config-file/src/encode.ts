import { gzipSync } from 'node:zlib';
import { CONFIG_FILE_FORMAT, CONFIG_FILE_VERSION, type ConfigFileDocument, type ConfigFileObject } from './format.js';

export interface EncodeInput {
  readonly exportedAt: Date;
  readonly generator?: string;
  readonly objects: readonly ConfigFileObject[];
}

export interface EncodeOptions {
  /** gzip the JSON (the default); false writes plain JSON, which readers accept as well. */
  readonly compress?: boolean;
}

/** Builds the version 1 document (objects in the order given). */
export function configFileDocument(input: EncodeInput): ConfigFileDocument {
  return {
    format: CONFIG_FILE_FORMAT,
    formatVersion: CONFIG_FILE_VERSION,
    exportedAt: input.exportedAt.toISOString(),
    ...(input.generator !== undefined ? { generator: input.generator } : {}),
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
    })),
  };
}

/** The file's bytes: one object per line inside `objects`, so a decompressed file diffs well. */
export function encodeConfigFile(input: EncodeInput, options: EncodeOptions = {}): Buffer {
  const document = configFileDocument(input);
  const { objects, ...head } = document;
  const lines = objects.map((o) => `    ${JSON.stringify(o)}`);
  const json = `${JSON.stringify(head, null, 2).replace(/\n}$/, ',\n  "objects": [')}\n${lines.join(',\n')}\n  ]\n}\n`;
  const text = Buffer.from(json, 'utf8');
  return options.compress === false ? text : gzipSync(text, { level: 6 });
}
