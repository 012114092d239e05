import { inject, injectable } from 'inversify';
import type { Versioned } from '../../../../../shared/application/Setting.js';
import { ifMatchVersion, jsonWithETag } from '../../../../../shared/interface/http/ETag.js';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import type { Reply } from '../../../../../shared/interface/http/Reply.js';
import { validateDto } from '../../../../../shared/interface/http/validateDto.js';
import { GetMaintenanceMode } from '../../application/GetMaintenanceMode.js';
import { SetMaintenanceMode } from '../../application/SetMaintenanceMode.js';
import type { MaintenanceMode } from '../../domain/MaintenanceMode.js';
import { MaintenanceModeDto } from './MaintenanceModeDto.js';
import type { MaintenanceModeView } from './MaintenanceModeView.js';

export const maintenanceModeAnswer = (mode: MaintenanceMode): MaintenanceModeView => ({ modeActive: mode.active });

const withETag = (read: Versioned<MaintenanceMode>): Reply =>
  jsonWithETag(maintenanceModeAnswer(read.value), read.version);

/** A get answers the mode with its version as ETag; a set honours If-Match and answers the new mode and ETag. */
@injectable()
export class MaintenanceModeController {
  constructor(
    @inject(GetMaintenanceMode) private readonly getMode: GetMaintenanceMode,
    @inject(SetMaintenanceMode) private readonly setMode: SetMaintenanceMode,
  ) {}

  async get(request: OperationRequest): Promise<Reply> {
    return withETag(await this.getMode.execute(request.lab));
  }

  async set(request: OperationRequest): Promise<Reply> {
    const expected = ifMatchVersion(request.header('if-match'), 'the maintenance mode');
    const dto = validateDto(MaintenanceModeDto, request.body);
    return withETag(await this.setMode.execute(request.lab, dto.modeActive, expected));
  }
}
