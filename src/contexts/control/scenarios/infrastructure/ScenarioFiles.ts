import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { ScenarioLibrary, type ScenarioEntry } from '../application/ScenarioLibrary.js';

/** A scenario file that cannot be read, is not YAML or JSON, or references a file that cannot be read. */
export class ScenarioFileError extends Error {}

const EXTENSIONS = ['.yaml', '.yml', '.json'];

/**
 * Reads a scenario file (YAML, or JSON, which is YAML too) into the document the control API takes: a
 * configuration named `{file: path}` (relative to the scenario file) is embedded as `{fileName, contentBase64}`.
 */
export function readScenarioFile(file: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ScenarioFileError(`cannot read ${file}: ${(error as Error).message}`);
  }
  let document: unknown;
  try {
    document = parseYaml(text, { prettyErrors: true, maxAliasCount: 100 });
  } catch (error) {
    throw new ScenarioFileError(`${file} is not YAML or JSON: ${(error as Error).message.split('\n')[0]}`);
  }
  if (document === null || typeof document !== 'object' || Array.isArray(document))
    throw new ScenarioFileError(
      `${file} does not hold a scenario (a mapping with formatVersion, name, seed and steps)`,
    );
  return embedFiles(document as Record<string, unknown>, path.dirname(file));
}

function embedFiles(document: Record<string, unknown>, directory: string): Record<string, unknown> {
  const seed = document['seed'];
  if (seed === null || typeof seed !== 'object' || Array.isArray(seed)) return document;
  const configuration = (seed as Record<string, unknown>)['configuration'];
  if (configuration === null || typeof configuration !== 'object' || Array.isArray(configuration)) return document;
  const { file, ...rest } = configuration as Record<string, unknown>;
  if (typeof file !== 'string') return document;
  const where = path.resolve(directory, file);
  let content: Buffer;
  try {
    content = readFileSync(where);
  } catch (error) {
    throw new ScenarioFileError(`seed.configuration.file: cannot read ${where}: ${(error as Error).message}`);
  }
  return {
    ...document,
    seed: {
      ...seed,
      configuration: { fileName: path.basename(file), ...rest, contentBase64: content.toString('base64') },
    },
  };
}

/** The scenarios of a directory (`<name>.yaml`), read when asked (a file changed on disk is read again). */
export class DirectoryScenarioLibrary extends ScenarioLibrary {
  constructor(private readonly directory: string) {
    super();
  }

  list(): readonly ScenarioEntry[] {
    let names: string[];
    try {
      names = readdirSync(this.directory)
        .filter((name) => EXTENSIONS.includes(path.extname(name)))
        .sort();
    } catch {
      return [];
    }
    return names.map((name) => {
      const file = path.join(this.directory, name);
      try {
        const parsed = parseYaml(readFileSync(file, 'utf8')) as { name?: unknown; description?: unknown };
        return {
          name: typeof parsed.name === 'string' ? parsed.name : path.basename(name, path.extname(name)),
          description: typeof parsed.description === 'string' ? parsed.description.trim() : '',
          file,
        };
      } catch {
        return { name: path.basename(name, path.extname(name)), description: '(unreadable)', file };
      }
    });
  }

  find(name: string): Record<string, unknown> | undefined {
    const entry = this.list().find((candidate) => candidate.name === name);
    return entry ? readScenarioFile(entry.file) : undefined;
  }
}
