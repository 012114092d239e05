import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { License } from '../domain/License.js';
import { LicenseBook } from './LicenseBook.js';

/** licenses/importFile: stores a `.xzlicense` file's license and re-evaluates every license of the lab. */
@injectable()
export class ImportLicenseFile {
  constructor(@inject(LicenseBook) private readonly book: LicenseBook) {}

  execute(lab: LabId, content: Buffer): Promise<License> {
    return this.book.importFile(lab, content);
  }
}
