import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../../shared/domain/DomainError.js';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { Reply } from '../../../../../shared/interface/http/Reply.js';
import { validateDto } from '../../../../../shared/interface/http/validateDto.js';
import { GetLicenses } from '../../application/GetLicenses.js';
import { GetSystemIds } from '../../application/GetSystemIds.js';
import { ImportLicenseFile } from '../../application/ImportLicenseFile.js';
import { ImportLicenseFromKey } from '../../application/ImportLicenseFromKey.js';
import { ImportLodDataDto } from './ImportLodDataDto.js';
import type { LicenseView, SystemIdView } from './LicenseViews.js';
import { licenseView, systemIdView } from './LicenseViews.js';

/** licenses/get, importLod, systemIds/get and importFile. */
@injectable()
export class LicensesController {
  constructor(
    @inject(GetLicenses) private readonly getLicenses: GetLicenses,
    @inject(ImportLicenseFile) private readonly importLicenseFile: ImportLicenseFile,
    @inject(ImportLicenseFromKey) private readonly importFromKey: ImportLicenseFromKey,
    @inject(GetSystemIds) private readonly getSystemIds: GetSystemIds,
  ) {}

  async get(request: OperationRequest): Promise<LicenseView[]> {
    return (await this.getLicenses.execute(request.lab)).map((l) => licenseView(l, request.dates));
  }

  async importLod(request: OperationRequest): Promise<LicenseView[]> {
    const dto = validateDto(ImportLodDataDto, request.body);
    const license = await this.importFromKey.execute(request.lab, {
      licenseKey: dto.licenseKey,
      companyName: dto.companyName,
      emailAddress: dto.emailAddress,
      licensingDevice: dto.licensingDevice,
    });
    return [licenseView(license, request.dates)];
  }

  systemIds(request: OperationRequest): Promise<SystemIdView[]> {
    return Promise.resolve(this.getSystemIds.execute(request.lab).map(systemIdView));
  }

  async importFile(request: OperationRequest): Promise<Reply> {
    if (!request.file) {
      throw DomainError.invalid('FILE_REQUIRED', 'send the license file (.xzlicense) as a multipart part named file', [
        { field: 'file', rule: 'required', message: 'file is required' },
      ]);
    }
    await this.importLicenseFile.execute(request.lab, request.file.content);
    return Reply.empty();
  }
}
