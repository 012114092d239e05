import { inject, injectable } from 'inversify';
import { DEFAULT_LAB } from '../../../../../shared/domain/LabId.js';
import type { LabEntry } from '../../../../../shared/application/LabDirectory.js';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { validateDto } from '../../../../../shared/interface/http/validateDto.js';
import { ManageLabs } from '../../application/ManageLabs.js';
import { CreateLabDto, type LabListView, type LabView } from './labShapes.js';

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

  async remove(request: OperationRequest): Promise<LabView> {
    return labView(await this.labs.remove(request.params['lab']!));
  }
}
