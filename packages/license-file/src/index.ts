export {
  LICENSE_FILE_EXTENSION,
  LICENSE_FILE_FORMAT,
  LICENSE_FILE_VERSION,
  LicenseFileError,
  MAX_LICENSE_FILE_BYTES,
  SIGNATURE_ALGORITHM,
  canonicalJson,
  signedBytes,
  type LicenseDocument,
  type LicenseFacility,
  type LicenseFileProblem,
} from './format.js';
export { checkLicense, parseLicenseFile, type ParsedLicenseFile } from './parse.js';
export { signLicenseFile, verifyLicenseSignature } from './sign.js';
export { LAB_PRIVATE_KEY_FILE, LAB_PUBLIC_KEY_FILE, labPrivateKey, labPublicKey } from './labKey.js';
