import { licenseOperations } from './licenses/interface/http/licenseOperations.js';

export { licensingModule } from './LicensingModule.js';
/** licenses/importFile's use case, for the composition root's demo loader. */
export { ImportLicenseFile } from './licenses/application/ImportLicenseFile.js';
export { LicensedCapacity } from './licenses/application/LicensedCapacity.js';
export type { LicenseStatusChanged } from './licenses/domain/License.js';
export type { LicenseStatus } from './licenses/domain/LicenseStatus.js';
export { LicenseRecord } from './licenses/infrastructure/persistence/LicenseRecord.js';

export const licensingOperations = [...licenseOperations];
