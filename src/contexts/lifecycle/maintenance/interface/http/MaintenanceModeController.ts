import { IsBoolean } from 'class-validator';
import { inject, injectable } from 'inversify';
import { validateDto } from '../../../../../shared/interface/http/validateDto.js';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { GetMaintenanceMode } from '../../application/GetMaintenanceMode.js';
import { SetMaintenanceMode } from '../../application/SetMaintenanceMode.js';
import type { MaintenanceMode } from '../../domain/MaintenanceMode.js';

export class MaintenanceModeDto {
  @IsBoolean()
  modeActive!: boolean;
}

const view = (mode: MaintenanceMode) => ({ modeActive: mode.active });

@injectable()
export class MaintenanceModeController {
  constructor(
    @inject(GetMaintenanceMode) private readonly getMode: GetMaintenanceMode,
    @inject(SetMaintenanceMode) private readonly setMode: SetMaintenanceMode,
  ) {}

  async get(request: OperationRequest) {
    return view(await this.getMode.execute(request.lab));
  }

  async set(request: OperationRequest) {
    const dto = validateDto(MaintenanceModeDto, request.body);
    return view(await this.setMode.execute(request.lab, dto.modeActive));
  }
}
