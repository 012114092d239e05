import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  LAB_PRIVATE_KEY_FILE,
  LICENSE_FILE_EXTENSION,
  LicenseFileError,
  signLicenseFile,
  type LicenseDocument,
} from '@gwsim/license-file';
import { EXIT } from './exitCodes.js';

/** What `gwsim license mint` was given (repeatable options as arrays). */
export interface MintOptions {
  readonly name: string;
  readonly identifier?: string;
  readonly product: readonly string[];
  readonly application: string;
  readonly facility: readonly string[];
  readonly constraint: readonly string[];
  readonly systemId: readonly string[];
  readonly invalidates: readonly string[];
  readonly validFrom?: string;
  /** An end; false (`--no-valid-until`): the license does not expire; absent: a year after the start. */
  readonly validUntil?: string | false;
  readonly susUntil?: string;
  readonly key?: string;
  readonly output?: string;
  readonly force: boolean;
  readonly json: boolean;
}

const DAY = 24 * 3600 * 1000;

class UsageError extends Error {}

/** `2026-01-01` (start of that day, UTC) or an ISO-8601 instant; `end` makes a bare date the last second of the day. */
function instant(flag: string, text: string, end = false): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(text)
    ? new Date(`${text}T${end ? '23:59:59' : '00:00:00'}Z`)
    : new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(date.getTime()))
    throw new UsageError(
      `${flag} must be a date such as 2026-12-31 or an instant such as 2026-12-31T23:59:59Z, not '${text}'`,
    );
  return `${date.toISOString().slice(0, 19)}Z`;
}

function facility(text: string): { name: string; value: number } {
  const match = /^([A-Za-z][A-Za-z0-9_.-]*)=(\d{1,9})$/.exec(text);
  if (!match) throw new UsageError(`--facility must be name=value such as telrtSession=4, not '${text}'`);
  return { name: match[1]!, value: Number(match[2]) };
}

/**
 * `gwsim license mint`: writes a signed `.xzlicense` file, by default with the lab key of @gwsim/license-file
 * (public on purpose: licenses for labs and tests). Prints the file's path (or JSON); resolves with the exit code.
 */
export async function mintLicense(options: MintOptions, now: Date = new Date()): Promise<number> {
  try {
    const from = options.validFrom ? instant('--valid-from', options.validFrom) : `${now.toISOString().slice(0, 19)}Z`;
    const until =
      options.validUntil === false
        ? undefined
        : options.validUntil
          ? instant('--valid-until', options.validUntil, true)
          : `${new Date(Date.parse(from) + 365 * DAY - 1000).toISOString().slice(0, 19)}Z`;
    const license: LicenseDocument = {
      identifier: options.identifier ?? randomUUID(),
      name: options.name,
      products: options.product.length ? [...options.product] : ['gwsim'],
      application: options.application,
      requiredSystemIds: [...options.systemId],
      validFrom: from,
      ...(until !== undefined ? { validUntil: until } : {}),
      ...(options.susUntil ? { softwareUpdateServiceUntil: instant('--sus-until', options.susUntil, true) } : {}),
      facilities: options.facility.map(facility),
      constraints: [...options.constraint],
      invalidates: [...options.invalidates],
    };
    const keyFile = options.key ?? LAB_PRIVATE_KEY_FILE;
    if (!existsSync(keyFile)) throw new UsageError(`there is no key file ${keyFile}`);
    let file: Buffer;
    try {
      file = signLicenseFile(license, readFileSync(keyFile, 'utf8'));
    } catch (error) {
      if (error instanceof LicenseFileError) throw error;
      throw new UsageError(
        `the key file ${keyFile} is not an Ed25519 private key in PEM (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    const output = path.resolve(options.output ?? `${license.identifier}${LICENSE_FILE_EXTENSION}`);
    if (existsSync(output) && !options.force)
      throw new UsageError(`${output} exists; name another --output or add --force`);
    writeFileSync(output, file);
    if (options.json) console.log(JSON.stringify({ file: output, license }));
    else
      console.log(
        `wrote ${output}: '${license.name}' (${license.identifier}), ${license.validUntil ? `valid ${license.validFrom} to ${license.validUntil}` : `valid from ${license.validFrom}, does not expire`}`,
      );
    return EXIT.ok;
  } catch (error) {
    if (error instanceof UsageError || error instanceof LicenseFileError) {
      console.error(`gwsim: ${error.message}`);
      return EXIT.usage;
    }
    throw error;
  }
}
