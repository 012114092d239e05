import { inject, injectable, optional } from 'inversify';
import { BackgroundService } from '../../../../shared/application/BackgroundService.js';
import { LabDirectory } from '../../../../shared/application/LabDirectory.js';
import { LabLeases } from '../../../../shared/application/LabLeases.js';
import { Logger } from '../../../../shared/application/Logger.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { CommittedGateway } from '../../../configuration/index.js';
import { SocketSipListening } from './SocketSipListening.js';

/**
 * Keeps every lab's SIP listeners in line while the gateway serves: at start the labs whose SIP is on open theirs;
 * each commit moves the lab's listeners; a lab this process takes over (or lets go) opens (or closes) them; at
 * stop every listener closes.
 */
@injectable()
export class SipService extends BackgroundService {
  readonly name = 'SIP listeners';
  private unsubscribe: Array<() => void> = [];

  constructor(
    @inject(SocketSipListening) private readonly listening: SocketSipListening,
    @inject(CommittedGateway) private readonly committed: CommittedGateway,
    @inject(Logger) private readonly logger: Logger,
    @inject(LabDirectory) @optional() private readonly directory: LabDirectory | undefined = undefined,
    @inject(LabLeases) @optional() private readonly leases: LabLeases | undefined = undefined,
  ) {
    super();
  }

  async start(): Promise<void> {
    const follow = async (lab: LabId): Promise<void> => {
      await this.listening
        .follow(lab)
        .catch((error: unknown) =>
          this.logger.error({ err: error, lab }, 'the SIP listeners of a lab could not follow its configuration'),
        );
    };
    this.unsubscribe.push(
      this.committed.onChange((plan) => {
        if (this.listening.enabled(plan.lab)) void follow(plan.lab);
      }),
    );
    const off = this.leases?.onChange((lab) => follow(lab));
    if (off) this.unsubscribe.push(off);
    for (const entry of this.directory?.list() ?? [{ id: 'default' as LabId }]) await follow(entry.id);
  }

  async stop(): Promise<void> {
    for (const off of this.unsubscribe) off();
    this.unsubscribe = [];
    await this.listening.closeAll();
  }
}
