import { inject, injectable, optional } from 'inversify';
import { BackgroundService } from '../../../../shared/application/BackgroundService.js';
import { LabDirectory } from '../../../../shared/application/LabDirectory.js';
import { HepCapture } from './HepCapture.js';

/**
 * The captures' start and stop: every lab's HEP setting is read before the traffic resumes (bound before the pump),
 * so that the first messages after a restart already go to the collector; at the stop every sender closes.
 */
@injectable()
export class HepCaptureService extends BackgroundService {
  readonly name = 'HEP capture';

  constructor(
    @inject(HepCapture) private readonly capture: HepCapture,
    @inject(LabDirectory) @optional() private readonly directory: LabDirectory | undefined = undefined,
  ) {
    super();
  }

  async start(): Promise<void> {
    if (this.directory) await this.directory.load();
    const labs = this.directory?.list() ?? [];
    // a lab whose setting cannot be read is logged; it is read again when its messages first come
    await Promise.allSettled(labs.map((lab) => this.capture.follow(lab.id)));
  }

  async stop(): Promise<void> {
    this.capture.close();
  }
}
