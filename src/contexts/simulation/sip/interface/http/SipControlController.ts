import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../../shared/domain/LabId.js';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { validateDto } from '../../../../../shared/interface/http/validateDto.js';
import { SipListeningLookup } from '../../application/SipListeningLookup.js';
import type { SipListeningState } from '../../application/SipListening.js';
import { StoredSip } from '../../application/StoredSip.js';
import { SipControlDto } from './SipControlDto.js';
import type { SipStateView } from './SipViews.js';

function view(state: SipListeningState): SipStateView {
  return {
    enabled: state.enabled,
    host: state.host,
    portOffset: state.portOffset,
    listeners: state.listeners.map((l) => ({
      nodeId: l.nodeId,
      nodeName: l.nodeName,
      transport: l.transport,
      host: l.host,
      port: l.port,
      state: l.state,
      ...(l.error !== undefined ? { error: l.error } : {}),
    })),
    farEnds: { ...state.farEnds },
    setupTimeoutSeconds: state.setupTimeoutSeconds,
  };
}

/** The simulator's real-SIP switch of a lab (`/_sim/labs/{lab}/sip`). */
@injectable()
export class SipControlController {
  constructor(
    @inject(StoredSip) private readonly stored: StoredSip,
    @inject(SipListeningLookup) private readonly listening: SipListeningLookup,
  ) {}

  async get(request: OperationRequest): Promise<SipStateView> {
    return view(this.listening.get().state(request.lab));
  }

  /**
   * Saves the change, then has the listeners follow it; when they cannot (a port another lab holds), the setting
   * is put back as it was (unless another change came in between) and the listeners follow that again, and the
   * refusal is the answer.
   */
  async put(request: OperationRequest): Promise<SipStateView> {
    const dto = validateDto(SipControlDto, request.body);
    const listening = this.listening.get();
    const lab: LabId = request.lab;
    const change = await this.stored.change(lab, {
      ...(dto.enabled !== undefined ? { enabled: dto.enabled } : {}),
      ...(dto.portOffset !== undefined ? { portOffset: dto.portOffset } : {}),
      ...(dto.farEnds !== undefined ? { farEnds: dto.farEnds } : {}),
      ...(dto.setupTimeoutSeconds !== undefined ? { setupTimeoutSeconds: dto.setupTimeoutSeconds } : {}),
    });
    try {
      return view(await listening.follow(lab));
    } catch (error) {
      // The refusal is the answer; following the setting put back is best effort (the state shows what listens).
      if (await this.stored.restore(lab, change)) await listening.follow(lab).catch(() => undefined);
      throw error;
    }
  }
}
