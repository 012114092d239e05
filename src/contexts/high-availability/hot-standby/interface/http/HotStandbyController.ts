import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../../shared/domain/DomainError.js';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { Reply } from '../../../../../shared/interface/http/Reply.js';
import { validateDto } from '../../../../../shared/interface/http/validateDto.js';
import { AddHotStandby } from '../../application/AddHotStandby.js';
import {
  CONDITION_OPTIONS,
  CreateHotStandbyConditions,
  type ConditionOption,
} from '../../application/CreateHotStandbyConditions.js';
import { EnableHotStandbySide } from '../../application/EnableHotStandbySide.js';
import { GetHotStandbys } from '../../application/GetHotStandbys.js';
import { HandOverHotStandby } from '../../application/HandOverHotStandby.js';
import { GetHotStandbyStatus } from '../../application/HotStandbyStatus.js';
import { RecoverHotStandby } from '../../application/RecoverHotStandby.js';
import { SetHotStandby } from '../../application/SetHotStandby.js';
import type { HotStandbyChanges, SystemRole } from '../../domain/HotStandby.js';
import { AddHotStandbyView, HotStandbyOptionsView, HotStandbyStatusView } from './HotStandbyViews.js';
import { CreateConditionsDto, HotStandbyOptionsDto } from './HotStandbyDtos.js';

export const ADD_MODES: Readonly<Record<string, SystemRole>> = {
  addMainSystemHotStandbyObjects: 'MAIN',
  addStandbySystemHotStandbyObjects: 'STANDBY',
  addMainAndStandbySystemHotStandbyObjects: 'MAIN_AND_STANDBY',
};

function given<T>(value: T | null | undefined): T | undefined {
  return value === null ? undefined : value;
}

function changesOf(dto: HotStandbyOptionsDto): HotStandbyChanges {
  const main = dto.mainSystem ?? undefined;
  const replication = main?.replicationOptions ?? undefined;
  return {
    name: given(dto.name),
    standbySystemBackendName: given(dto.standbySystemBackendName),
    maxLinkRetryTimeout: given(main?.maxLinkRetryTimeout),
    linkPingInterval: given(main?.linkPingInterval),
    disabledHere: given(main?.disabledHere),
    ipcClientId: given(main?.ipcClientId),
    systemIdentifiers: given(replication?.systemIdentifiers),
    systemIdentifiersEnabled: given(replication?.systemIdentifiersEnabled),
  };
}

/** hotStandby/get, add, set, status, createConditions, handover, recover, enableMainSystem, enableStandbySystem. */
@injectable()
export class HotStandbyController {
  constructor(
    @inject(GetHotStandbys) private readonly getHotStandbys: GetHotStandbys,
    @inject(AddHotStandby) private readonly addHotStandby: AddHotStandby,
    @inject(SetHotStandby) private readonly setHotStandby: SetHotStandby,
    @inject(GetHotStandbyStatus) private readonly getStatus: GetHotStandbyStatus,
    @inject(CreateHotStandbyConditions) private readonly createConditionsOf: CreateHotStandbyConditions,
    @inject(HandOverHotStandby) private readonly handOver: HandOverHotStandby,
    @inject(RecoverHotStandby) private readonly recoverRole: RecoverHotStandby,
    @inject(EnableHotStandbySide) private readonly enableSide: EnableHotStandbySide,
  ) {}

  async get(request: OperationRequest): Promise<HotStandbyOptionsView[]> {
    const id = request.query.optionalString('id');
    return (await this.getHotStandbys.execute(request.lab, id === '' ? undefined : id)).map((h) =>
      HotStandbyOptionsView.of(h),
    );
  }

  async add(request: OperationRequest): Promise<AddHotStandbyView> {
    const role = ADD_MODES[request.query.string('mode')];
    if (role === undefined) {
      throw DomainError.invalid('INVALID_QUERY_PARAMETER', `mode must be one of ${Object.keys(ADD_MODES).join(', ')}`, [
        { field: 'mode', rule: 'isIn', message: `mode must be one of ${Object.keys(ADD_MODES).join(', ')}` },
      ]);
    }
    const dto = validateDto(HotStandbyOptionsDto, request.body);
    if (given(dto.id) !== undefined) {
      throw DomainError.invalid(
        'ID_ASSIGNED_BY_SERVICE',
        'id is assigned by the service: leave it out of an added hot standby object',
        [{ field: 'id', rule: 'absent', message: 'id must be left out' }],
      );
    }
    const changes = changesOf(dto);
    if (changes.name === undefined) {
      throw DomainError.invalid('VALIDATION_FAILED', 'name is required', [
        { field: 'name', rule: 'isDefined', message: 'name is required' },
      ]);
    }
    return this.addHotStandby.execute(request.lab, role, { ...changes, name: changes.name });
  }

  async set(request: OperationRequest): Promise<HotStandbyOptionsView> {
    const id = request.query.string('id');
    const dto = validateDto(HotStandbyOptionsDto, request.body);
    return HotStandbyOptionsView.of(await this.setHotStandby.execute(request.lab, id, changesOf(dto), given(dto.id)));
  }

  async status(request: OperationRequest): Promise<HotStandbyStatusView> {
    return HotStandbyStatusView.of(await this.getStatus.execute(request.lab, request.query.string('id')));
  }

  async createConditions(request: OperationRequest): Promise<Reply> {
    const id = request.query.string('id');
    const dto = validateDto(CreateConditionsDto, request.body);
    const wanted = (Object.keys(CONDITION_OPTIONS) as ConditionOption[]).filter((option) => dto[option] === true);
    await this.createConditionsOf.execute(request.lab, id, wanted);
    return Reply.text('Conditions successfully created');
  }

  async handover(request: OperationRequest): Promise<Reply> {
    await this.handOver.execute(request.lab, request.query.string('id'));
    return Reply.text('SUCCESS');
  }

  async recover(request: OperationRequest): Promise<Reply> {
    await this.recoverRole.execute(request.lab, request.query.string('id'));
    return Reply.text('SUCCESS');
  }

  async enableMainSystem(request: OperationRequest): Promise<Reply> {
    const id = request.query.string('id');
    await this.enableSide.execute(request.lab, id, 'MAIN', request.query.boolean('enabled', true));
    return Reply.empty();
  }

  async enableStandbySystem(request: OperationRequest): Promise<Reply> {
    const id = request.query.string('id');
    await this.enableSide.execute(request.lab, id, 'STANDBY', request.query.boolean('enabled', true));
    return Reply.empty();
  }
}
