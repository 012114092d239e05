import {
  LICENSE_FILE_FORMAT,
  LICENSE_FILE_VERSION,
  LicenseFileError,
  MAX_LICENSE_FILE_BYTES,
  SIGNATURE_ALGORITHM,
  type LicenseDocument,
  type LicenseFileProblem,
} from './format.js';

export interface ParsedLicenseFile {
  readonly license: LicenseDocument;
  /** The signature's bytes as the file states them (check them with verifyLicenseSignature). */
  readonly signature: Buffer;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
const LICENSE_KEYS = [
  'identifier',
  'name',
  'products',
  'application',
  'requiredSystemIds',
  'validFrom',
  'validUntil',
  'softwareUpdateServiceUntil',
  'facilities',
  'constraints',
  'invalidates',
];

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Checks every field of a license document; throws a LicenseFileError naming each problem. */
export function checkLicense(value: unknown, base = 'license'): LicenseDocument {
  const problems: LicenseFileProblem[] = [];
  const problem = (path: string, message: string) => problems.push({ path: `${base}.${path}`, message });
  if (!isRecord(value))
    throw new LicenseFileError('not a license file', [{ path: base, message: 'must be an object' }]);
  for (const key of Object.keys(value)) if (!LICENSE_KEYS.includes(key)) problem(key, 'is not a field of a license');
  const text = (key: string, max: number, optional = false) => {
    const v = value[key];
    if (v === undefined && optional) return;
    if (typeof v !== 'string' || v.trim() === '' || v.length > max)
      problem(key, `must be a non-empty text of at most ${max} characters`);
  };
  const texts = (key: string, max: number) => {
    const v = value[key];
    if (!Array.isArray(v) || v.length > 64) {
      problem(key, 'must be an array of at most 64 texts');
      return;
    }
    v.forEach((item, i) => {
      if (typeof item !== 'string' || item.trim() === '' || item.length > max)
        problem(`${key}[${i}]`, `must be a non-empty text of at most ${max} characters`);
    });
  };
  const instant = (key: string, optional = false) => {
    const v = value[key];
    if (v === undefined && optional) return;
    if (typeof v !== 'string' || !ISO.test(v) || Number.isNaN(Date.parse(v)))
      problem(key, 'must be an ISO-8601 UTC instant such as 2026-01-01T00:00:00Z');
  };
  text('identifier', 128);
  text('name', 256);
  text('application', 64);
  texts('products', 64);
  texts('requiredSystemIds', 128);
  texts('constraints', 64);
  texts('invalidates', 128);
  instant('validFrom');
  instant('validUntil', true);
  instant('softwareUpdateServiceUntil', true);
  if (
    typeof value.validFrom === 'string' &&
    typeof value.validUntil === 'string' &&
    Date.parse(value.validFrom) > Date.parse(value.validUntil)
  ) {
    problem('validUntil', 'must not be before validFrom');
  }
  const facilities = value.facilities;
  if (!Array.isArray(facilities) || facilities.length > 64)
    problem('facilities', 'must be an array of at most 64 {name, value}');
  else {
    facilities.forEach((f, i) => {
      if (!isRecord(f) || Object.keys(f).some((k) => k !== 'name' && k !== 'value')) {
        problem(`facilities[${i}]`, 'must be {name, value}');
        return;
      }
      if (typeof f.name !== 'string' || !NAME.test(f.name))
        problem(`facilities[${i}].name`, 'must be a name such as telrtSession');
      if (typeof f.value !== 'number' || !Number.isSafeInteger(f.value) || f.value < 0)
        problem(`facilities[${i}].value`, 'must be a whole number ≥ 0');
    });
  }
  if (problems.length) throw new LicenseFileError('not a valid license', problems);
  return value as unknown as LicenseDocument;
}

/**
 * Reads a `.xzlicense` file: UTF-8 JSON of the format and version this package writes. Throws a LicenseFileError
 * for anything else; a well-formed file with a wrong signature parses (verification is the caller's step).
 */
export function parseLicenseFile(content: Buffer): ParsedLicenseFile {
  if (content.length === 0) throw new LicenseFileError('the license file is empty');
  if (content.length > MAX_LICENSE_FILE_BYTES)
    throw new LicenseFileError(`the license file is larger than ${MAX_LICENSE_FILE_BYTES} bytes`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    throw new LicenseFileError('the license file is not UTF-8 text');
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new LicenseFileError('the license file is not JSON');
  }
  if (!isRecord(document)) throw new LicenseFileError('the license file is not a JSON object');
  if (document.format !== LICENSE_FILE_FORMAT)
    throw new LicenseFileError(`not a license file (format must be '${LICENSE_FILE_FORMAT}')`);
  if (document.formatVersion !== LICENSE_FILE_VERSION) {
    throw new LicenseFileError(
      `license file format version ${JSON.stringify(document.formatVersion)} is not supported (supported: ${LICENSE_FILE_VERSION})`,
    );
  }
  for (const key of Object.keys(document)) {
    if (!['format', 'formatVersion', 'license', 'signature'].includes(key))
      throw new LicenseFileError('not a valid license file', [
        { path: key, message: 'is not a field of a license file' },
      ]);
  }
  const license = checkLicense(document.license);
  const signature = document.signature;
  if (
    !isRecord(signature) ||
    signature.algorithm !== SIGNATURE_ALGORITHM ||
    typeof signature.value !== 'string' ||
    !/^[A-Za-z0-9+/]*={0,2}$/.test(signature.value) ||
    signature.value.length > 256
  ) {
    throw new LicenseFileError('not a valid license file', [
      { path: 'signature', message: `must be {algorithm: "${SIGNATURE_ALGORITHM}", value: base64}` },
    ]);
  }
  return { license, signature: Buffer.from(signature.value, 'base64') };
}
