import { inject, injectable } from 'inversify';
import { Reply } from '../../../../../shared/interface/http/Reply.js';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { CleanConfiguration } from '../../application/CleanConfiguration.js';
import { CommitConfiguration } from '../../application/CommitConfiguration.js';
import { CONFIGURATION_FILE_MEDIA_TYPE } from '../../application/ConfigurationFile.js';
import { ExportConfiguration } from '../../application/ExportConfiguration.js';
import { GetConfigurationStatus } from '../../application/GetConfigurationStatus.js';
import { ImportConfiguration } from '../../application/ImportConfiguration.js';
import { RevertConfiguration } from '../../application/RevertConfiguration.js';
import { coreConfigStateView } from './CoreConfigStateView.js';

/** /api/coreConfig/...: the configuration lifecycle on the wire. Successes are 200; commit, revert, clean and set answer with no body. */
@injectable()
export class CoreConfigController {
  constructor(
    @inject(ImportConfiguration) private readonly importConfiguration: ImportConfiguration,
    @inject(ExportConfiguration) private readonly exportConfiguration: ExportConfiguration,
    @inject(CommitConfiguration) private readonly commitConfiguration: CommitConfiguration,
    @inject(RevertConfiguration) private readonly revertConfiguration: RevertConfiguration,
    @inject(CleanConfiguration) private readonly cleanConfiguration: CleanConfiguration,
    @inject(GetConfigurationStatus) private readonly getStatus: GetConfigurationStatus,
  ) {}

  async set(request: OperationRequest): Promise<Reply> {
    const commitProtection = request.query.boolean('commitProtection', false);
    const file = request.file!;
    await this.importConfiguration.execute(request.lab, {
      fileName: file.filename,
      content: file.content,
      commitProtection,
    });
    return Reply.empty();
  }

  async get(request: OperationRequest): Promise<Reply> {
    const exported = await this.exportConfiguration.execute(request.lab);
    return Reply.file(exported.content, exported.fileName, CONFIGURATION_FILE_MEDIA_TYPE);
  }

  /** The committed configuration as a file (a control endpoint: the gateway's API downloads only the working one). */
  async getCommitted(request: OperationRequest): Promise<Reply> {
    const exported = await this.exportConfiguration.execute(request.lab, 'committed');
    return Reply.file(exported.content, exported.fileName, CONFIGURATION_FILE_MEDIA_TYPE);
  }

  async commit(request: OperationRequest): Promise<Reply> {
    await this.commitConfiguration.execute(request.lab);
    return Reply.empty();
  }

  async revert(request: OperationRequest): Promise<Reply> {
    await this.revertConfiguration.execute(request.lab);
    return Reply.empty();
  }

  async clean(request: OperationRequest): Promise<Reply> {
    await this.cleanConfiguration.execute(request.lab);
    return Reply.empty();
  }

  async status(request: OperationRequest) {
    return coreConfigStateView(await this.getStatus.execute(request.lab), request.dates);
  }
}
