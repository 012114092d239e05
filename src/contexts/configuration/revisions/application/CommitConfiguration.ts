import { inject, injectable } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import { IdGenerator } from '../../../../shared/domain/IdGenerator.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { EventBus } from '../../../../shared/application/EventBus.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { ConfigurationRepository } from '../../graph/domain/ConfigurationRepository.js';
import { apiReachabilityCore } from '../../graph/domain/ApiReachability.js';
import { ConfigurationStateRepository } from '../domain/ConfigurationStateRepository.js';

export interface CommitResult {
  readonly commitId: string;
  readonly objectCount: number;
}

const SHOWN_DANGLING = 10;

/**
 * Publishes the whole working configuration as the committed one, in one write unit: either all of it or
 * nothing. Refused (409) while the working configuration is a commit-protected import, when an object
 * references one that does not exist, and when no web server connector would serve this API any more.
 * Raises ConfigurationCommitted once the unit commits.
 */
@injectable()
export class CommitConfiguration {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(ConfigurationRepository) private readonly objects: ConfigurationRepository,
    @inject(ConfigurationStateRepository) private readonly states: ConfigurationStateRepository,
    @inject(EventBus) private readonly events: EventBus,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(lab: LabId): Promise<CommitResult> {
    return this.unitOfWork.write(lab, async () => {
      const state = await this.states.get(lab);
      state.assertCommittable();
      await this.assertConsistent(lab);
      await this.objects.publishWorking(lab);
      const objectCount = await this.objects.count(lab, 'committed');
      const commitId = this.ids.uuid();
      state.commit(commitId, this.clock.now(), objectCount);
      await this.states.save(state);
      await this.events.publish(state.pullEvents());
      return { commitId, objectCount };
    });
  }

  private async assertConsistent(lab: LabId): Promise<void> {
    const dangling = await this.objects.danglingReferences(lab, SHOWN_DANGLING);
    if (dangling.length > 0) {
      throw DomainError.conflict(
        'CONFIGURATION_INCONSISTENT',
        'the working configuration references objects that do not exist; nothing was committed',
        dangling.map((d) => ({
          field: `${d.id}.${d.slot}`,
          rule: 'exists',
          message: `'${d.displayName}' (${d.id}) references ${d.missingId} in ${d.slot}, which does not exist`,
        })),
      );
    }
    const connectors = await this.objects.list(lab, 'HTTP_SERVER');
    if (apiReachabilityCore(connectors.map((o) => o.snapshot())).size === 0) {
      throw DomainError.conflict(
        'CONFIGURATION_UNREACHABLE',
        'no web server connector (HTTP_SERVER) of the working configuration serves REST_API: committing it would cut off this management API; nothing was committed',
      );
    }
  }
}
