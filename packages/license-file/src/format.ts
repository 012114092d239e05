/**
 * The `.xzlicense` format, version 1: one UTF-8 JSON document
 * `{ "format": "gwsim-license", "formatVersion": 1, "license": {…}, "signature": { "algorithm": "Ed25519", "value": base64 } }`.
 * The signature covers the canonical serialisation (keys sorted at every level, no white space) of
 * `{ format, formatVersion, license }`, so reformatting the file keeps it valid and any change of a value breaks it.
 */
export const LICENSE_FILE_FORMAT = 'gwsim-license';
export const LICENSE_FILE_VERSION = 1;
export const LICENSE_FILE_EXTENSION = '.xzlicense';
export const SIGNATURE_ALGORITHM = 'Ed25519';
/** Larger files are refused before parsing. */
export const MAX_LICENSE_FILE_BYTES = 64 * 1024;

export interface LicenseFacility {
  /** e.g. `telrtSession` (concurrent routed sessions), `recSession` (recorded sessions) */
  readonly name: string;
  readonly value: number;
}

/** The signed content of a license. Instants are ISO-8601 UTC texts. */
export interface LicenseDocument {
  readonly identifier: string;
  readonly name: string;
  readonly products: readonly string[];
  readonly application: string;
  /** The system ids the license is bound to; empty: not bound. */
  readonly requiredSystemIds: readonly string[];
  readonly validFrom: string;
  /** The end of its validity; absent: the license does not expire. */
  readonly validUntil?: string;
  /** The end of the software update service; absent: unlimited. */
  readonly softwareUpdateServiceUntil?: string;
  readonly facilities: readonly LicenseFacility[];
  readonly constraints: readonly string[];
  /** Identifiers of the licenses this one invalidates. */
  readonly invalidates: readonly string[];
}

export interface LicenseFileProblem {
  readonly path: string;
  readonly message: string;
}

/** A file that is not a license file of a supported version (never thrown for a bad signature: see verify). */
export class LicenseFileError extends Error {
  constructor(
    message: string,
    readonly problems: readonly LicenseFileProblem[] = [],
  ) {
    super(problems.length ? `${message}: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}` : message);
    this.name = 'LicenseFileError';
  }
}

/** Keys sorted at every level, no white space: the bytes the signature covers. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function signedBytes(license: LicenseDocument): Buffer {
  return Buffer.from(
    canonicalJson({ format: LICENSE_FILE_FORMAT, formatVersion: LICENSE_FILE_VERSION, license }),
    'utf8',
  );
}
