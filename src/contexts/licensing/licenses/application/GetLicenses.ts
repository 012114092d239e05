import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { License } from '../domain/License.js';
import { LicenseBook } from './LicenseBook.js';

/** licenses/get: every license of the lab in import order, statuses as of now. */
@injectable()
export class GetLicenses {
  constructor(@inject(LicenseBook) private readonly book: LicenseBook) {}

  execute(lab: LabId): Promise<License[]> {
    return this.book.current(lab);
  }
}
