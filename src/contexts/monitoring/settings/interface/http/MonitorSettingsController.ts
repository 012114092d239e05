import { inject, injectable } from 'inversify';
import { ifMatchVersion, jsonWithETag } from '../../../../../shared/interface/http/ETag.js';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import type { Reply } from '../../../../../shared/interface/http/Reply.js';
import { validateDto } from '../../../../../shared/interface/http/validateDto.js';
import { MonitorCallHistoryConfigs, MonitorSipFlowConfigs } from '../../application/MonitorConfigs.js';
import { MonitorCallHistoryConfigDto, MonitorSipFlowConfigDto } from './MonitorSettingsDtos.js';

/** The monitor's two settings: a get answers the value with its version as ETag; a set honours If-Match and answers the new value. */
@injectable()
export class MonitorSettingsController {
  constructor(
    @inject(MonitorCallHistoryConfigs) private readonly callHistory: MonitorCallHistoryConfigs,
    @inject(MonitorSipFlowConfigs) private readonly sipFlow: MonitorSipFlowConfigs,
  ) {}

  async getCallHistory(request: OperationRequest): Promise<Reply> {
    const read = await this.callHistory.get(request.lab);
    return jsonWithETag(read.value, read.version);
  }

  async setCallHistory(request: OperationRequest): Promise<Reply> {
    const expected = ifMatchVersion(request.header('if-match'), 'the call history configuration');
    const saved = await this.callHistory.set(
      request.lab,
      validateDto(MonitorCallHistoryConfigDto, request.body),
      expected,
    );
    return jsonWithETag(saved.value, saved.version);
  }

  async getSipFlow(request: OperationRequest): Promise<Reply> {
    const read = await this.sipFlow.get(request.lab);
    return jsonWithETag(read.value, read.version);
  }

  async setSipFlow(request: OperationRequest): Promise<Reply> {
    const expected = ifMatchVersion(request.header('if-match'), 'the SIP flow configuration');
    const saved = await this.sipFlow.set(request.lab, validateDto(MonitorSipFlowConfigDto, request.body), expected);
    return jsonWithETag(saved.value, saved.version);
  }
}
