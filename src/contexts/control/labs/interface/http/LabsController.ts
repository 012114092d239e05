import { inject, injectable } from 'inversify';
import { DEFAULT_LAB } from '../../../../../shared/domain/LabId.js';
import type { LabEntry } from '../../../../../shared/application/LabDirectory.js';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { validateDto } from '../../../../../shared/interface/http/validateDto.js';
import { ManageLabs } from '../../application/ManageLabs.js';
import { CreateLabDto, ResetLabDto, type LabListView, type LabView } from './labShapes.js';
import { DomainError } from '../../../../../shared/domain/DomainError.js';

export function labView(entry: LabEntry): LabView {
  return { name: entry.id, displayName: entry.displayName, createdAt: entry.createdAt.toISOString(), apiBase: entry.id === DEFAULT_LAB ? '/api' : `/labs/${entry.id}/api`, ...(entry.port !== undefined ? { port: entry.port } : {}) };
}

/** `/_sim/labs` and `/_sim/labs/{lab}`. */
@injectable()
export class LabsController {
  constructor(@inject(ManageLabs) private readonly labs: ManageLabs) {}

  async list(): Promise<LabListView> {
    return { labs: this.labs.list().map(labView) };
  }

  async get(request: OperationRequest): Promise<LabView> {
    return labView(this.labs.get(request.params['lab']!));
  }

  async create(request: OperationRequest): Promise<LabView> {
    const dto = validateDto(CreateLabDto, request.body);
    return labView(await this.labs.create(dto.name, dto.displayName, dto.port));
  }

  async reset(request: OperationRequest): Promise<LabView> {
    const dto = validateDto(ResetLabDto, request.body);
    if (dto.to !== 'empty') {
      const message = `'${dto.to.slice(0, 40)}' is not something a lab can be reset to in this version: use "empty" (snapshots and scenarios are not available yet)`;
      throw DomainError.invalid('INVALID_RESET', `to: ${message}`, [{ field: 'to', rule: 'known', message }]);
    }
    return labView(await this.labs.reset(request.params['lab']!));
  }

  async remove(request: OperationRequest): Promise<LabView> {
    return labView(await this.labs.remove(request.params['lab']!));
  }
}
