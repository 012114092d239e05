import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { License } from '../domain/License.js';
import { LicenseReader } from './LicenseReader.js';

/** licenses/get: every license of the lab in import order, statuses as of now. */
@injectable()
export class GetLicenses {
  constructor(@inject(LicenseReader) private readonly book: LicenseReader) {}

  execute(lab: LabId): Promise<License[]> {
    return this.book.current(lab);
  }
}
