import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * The shared SIP test suites (RFC 4475 and RFC 5118 messages and others), kept beside the repository as data and
 * never copied into it: `../shared/sip-suites` from the repository root (`../../../shared/sip-suites` from this
 * package). Undefined when the folder is not there.
 */
export function suitesDir(): string | undefined {
  let dir = __dirname;
  while (!existsSync(join(dir, 'packages', 'sip', 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
  const suites = resolve(dir, '..', 'shared', 'sip-suites');
  return existsSync(suites) ? suites : undefined;
}

/** The messages of one suite folder: file name without `.dat` → bytes exactly as stored. */
export function suiteMessages(folder: string): Map<string, Buffer> {
  const dir = join(suitesDir()!, folder);
  const messages = new Map<string, Buffer>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.dat'))
    .sort())
    messages.set(file.slice(0, -4), readFileSync(join(dir, file)));
  return messages;
}

/** A JSON file of a suite folder. */
export function suiteJson<T>(folder: string, file: string): T {
  return JSON.parse(readFileSync(join(suitesDir()!, folder, file), 'utf8')) as T;
}
