import { parseNameAddr } from '../message.js';

/** The tag parameter of a From or To value; undefined when absent or when the value does not parse. */
export function tagOf(nameAddr: string | undefined): string | undefined {
  if (nameAddr === undefined) return undefined;
  try {
    return parseNameAddr(nameAddr).params.tag;
  } catch {
    return undefined;
  }
}
