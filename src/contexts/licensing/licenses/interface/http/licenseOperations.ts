import { operation } from '../../../../../shared/interface/http/Operation.js';
import { LicensesController } from './LicensesController.js';
import { ImportLodDataDto } from './ImportLodDataDto.js';
import { LicenseView, SystemIdView } from './LicenseViews.js';

const area = 'Licenses';

/** The Licenses area: every license with its status, license on demand, the device ids, file import. */
export const licenseOperations = [
  operation({
    area,
    method: 'GET',
    path: '/api/licenses/get',
    version: 0,
    permissions: ['API', 'UM-W'],
    body: 'none',
    summary:
      'Every imported license in import order with its status as of now (dates UTC yyyy-mm-dd hh:mm:ss, ISO with dateFormat=ISO-8601)',
    response: { kind: 'json', shape: LicenseView, array: true },
    controller: LicensesController,
    handle: (c, r) => c.get(r),
  }),
  operation({
    area,
    method: 'PUT',
    path: '/api/licenses/importLod',
    version: 0,
    permissions: ['API', 'UM-W'],
    body: 'json',
    summary:
      'Exchange a license key at the (simulated) license service for a license bound to licensingDevice, and import it; answers that license',
    request: ImportLodDataDto,
    response: { kind: 'json', shape: LicenseView, array: true },
    controller: LicensesController,
    handle: (c, r) => c.importLod(r),
  }),
  operation({
    area,
    method: 'GET',
    path: '/api/licenses/systemIds/get',
    version: 0,
    permissions: ['API', 'UM-W'],
    body: 'none',
    summary: 'The device ids of this gateway usable for licensing (stable per lab)',
    response: { kind: 'json', shape: SystemIdView, array: true },
    controller: LicensesController,
    handle: (c, r) => c.systemIds(r),
  }),
  operation({
    area,
    method: 'PUT',
    path: '/api/licenses/importFile',
    version: 0,
    permissions: ['API', 'CFG-W'],
    body: 'multipart',
    summary:
      'Import a license file (.xzlicense, multipart part "file"); a file with a wrong signature is stored and shows status SIGNATURE',
    response: { kind: 'empty' },
    controller: LicensesController,
    handle: (c, r) => c.importFile(r),
  }),
];
