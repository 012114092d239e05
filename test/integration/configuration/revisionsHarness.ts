import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { labId, type LabId } from '../../../src/shared/domain/LabId.js';
import { UnitOfWork } from '../../../src/shared/application/UnitOfWork.js';
import { ConfigObject, DEFAULT_COMMON } from '../../../src/contexts/configuration/graph/domain/ConfigObject.js';
import { ConfigurationRepository } from '../../../src/contexts/configuration/graph/domain/ConfigurationRepository.js';
import { SortCatalog } from '../../../src/contexts/configuration/graph/domain/catalog/SortCatalog.js';
import { InstallFactoryConfiguration, WorkingConfiguration } from '../../../src/contexts/configuration/index.js';
import { storeTargets } from '../../support/testStores.js';
import { TestGateway } from '../../support/TestGateway.js';

/** A store the lifecycle suites run a whole gateway on. */
export interface GatewayStore {
  readonly name: string;
  start(): Promise<TestGateway>;
}

/** In-memory adapters, the embedded engine, and the PostgreSQL server of TEST_DATABASE_URL when it is set. */
export function gatewayStores(options: { memory?: boolean } = {}): GatewayStore[] {
  return storeTargets({ memory: true })
    .filter((target) => options.memory !== false || target.kind !== 'memory')
    .map((target) => ({
      name: target.name,
      start: () =>
        target.kind === 'memory'
          ? TestGateway.start({ store: 'memory' })
          : TestGateway.start({ config: { databaseUrl: target.databaseUrl } }),
    }));
}

let labCounter = 0;

/** Use-case-level access to one gateway's configuration: fresh labs, object writes as the write use cases do them. */
export class RevisionsDriver {
  readonly unitOfWork: UnitOfWork;
  readonly objects: ConfigurationRepository;
  readonly working: WorkingConfiguration;

  constructor(readonly gateway: TestGateway) {
    this.unitOfWork = gateway.get(UnitOfWork);
    this.objects = gateway.get(ConfigurationRepository);
    this.working = gateway.get(WorkingConfiguration);
  }

  /** A new lab with the factory configuration installed and committed. */
  async freshLab(): Promise<LabId> {
    labCounter += 1;
    const lab = labId(`lifecycle-${process.pid}-${labCounter}`);
    const container = this.gateway.simulator.container;
    if (container.isBound(DataSource)) {
      await container.get(DataSource).query('INSERT INTO lab (id, display_name) VALUES ($1, $1)', [lab]);
    }
    await this.gateway.get(InstallFactoryConfiguration).execute(lab);
    return lab;
  }

  /** Creates or changes a QoS profile (a sort without references), as a write use case does: marked modified, then saved. */
  writeQosProfile(lab: LabId, id: string, displayName: string, signalingDscp: number): Promise<void> {
    return this.unitOfWork.write(lab, async () => {
      await this.working.beforeChange(lab);
      const current = await this.objects.find(lab, id);
      const object =
        current ??
        new ConfigObject(lab, {
          id,
          sort: 'IN_QOS_STACK',
          displayName,
          parameters: SortCatalog.defaults('IN_QOS_STACK'),
          references: {},
          common: DEFAULT_COMMON,
          note: '',
          metadata: {},
          version: 0,
        });
      object.rename(displayName);
      object.setParameter('signalingDscp', signalingDscp);
      await this.objects.save(object);
    });
  }

  removeObject(lab: LabId, id: string): Promise<void> {
    return this.unitOfWork.write(lab, async () => {
      await this.working.beforeChange(lab);
      await this.objects.remove(lab, [id]);
    });
  }

  /** id → content (everything but the version) of a revision, for comparisons. */
  async revision(lab: LabId, revision: 'working' | 'committed'): Promise<Map<string, string>> {
    const objects = await this.unitOfWork.read(() => this.objects.list(lab, undefined, revision));
    return new Map(
      objects.map((o) => {
        const { version: _version, ...content } = o.snapshot();
        return [o.id, JSON.stringify(content)];
      }),
    );
  }
}
