import { inject, injectable } from 'inversify';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { validateDto } from '../../../../../shared/interface/http/validateDto.js';
import { HepCapture, type HepState } from '../../application/HepCapture.js';
import { StoredHep } from '../../application/StoredHep.js';
import type { HepSetting } from '../../domain/HepSetting.js';
import { HepControlDto } from './HepControlDto.js';
import type { HepStateView } from './HepViews.js';

function view(setting: HepSetting, state: HepState | undefined): HepStateView {
  const sender = state?.sender;
  return {
    enabled: setting.enabled,
    host: setting.host,
    port: setting.port,
    transport: setting.transport,
    captureId: setting.captureId,
    passwordSet: setting.password !== undefined,
    ...(sender
      ? {
          sender: {
            state: sender.state,
            sent: sender.sent,
            dropped: sender.dropped,
            queued: sender.queued,
            ...(sender.lastError !== undefined ? { lastError: sender.lastError } : {}),
          },
        }
      : {}),
  };
}

/** A lab's HEP capture (`/_sim/labs/{lab}/hep`): where its SIP messages go as HEP3, and how they fare. */
@injectable()
export class HepControlController {
  constructor(
    @inject(StoredHep) private readonly stored: StoredHep,
    @inject(HepCapture) private readonly capture: HepCapture,
  ) {}

  async get(request: OperationRequest): Promise<HepStateView> {
    const setting = await this.capture.setting(request.lab);
    return view(setting, this.capture.state(request.lab));
  }

  /** Saves the change (checked field by field; nothing changes on a refusal), then the lab's capture uses it. */
  async put(request: OperationRequest): Promise<HepStateView> {
    const dto = validateDto(HepControlDto, request.body);
    const after = await this.stored.change(request.lab, {
      ...(dto.enabled !== undefined ? { enabled: dto.enabled } : {}),
      ...(dto.host !== undefined ? { host: dto.host } : {}),
      ...(dto.port !== undefined ? { port: dto.port } : {}),
      ...(dto.transport !== undefined ? { transport: dto.transport } : {}),
      ...(dto.captureId !== undefined ? { captureId: dto.captureId } : {}),
      ...(dto.password !== undefined ? { password: dto.password } : {}),
    });
    this.capture.use(request.lab, after);
    return view(after, this.capture.state(request.lab));
  }
}
