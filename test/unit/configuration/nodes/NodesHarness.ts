import { DEFAULT_LAB } from '../../../../src/shared/domain/LabId.js';
import { ManualClock } from '../../../../src/shared/infrastructure/ManualClock.js';
import { SeededIdGenerator } from '../../../../src/shared/infrastructure/SeededIdGenerator.js';
import { InMemoryEventBus } from '../../../../src/shared/infrastructure/InMemoryEventBus.js';
import { RevisionCountingUnitOfWork } from '../../../../src/shared/infrastructure/memory/RevisionCountingUnitOfWork.js';
import { InMemoryConfigurationStateRepository } from '../../../../src/contexts/configuration/revisions/infrastructure/memory/InMemoryConfigurationStateRepository.js';
import { InMemoryConfigurationRepository } from '../../../../src/contexts/configuration/graph/infrastructure/memory/InMemoryConfigurationRepository.js';
import { WorkingConfiguration } from '../../../../src/contexts/configuration/graph/application/WorkingConfiguration.js';
import { ConfigurationReader } from '../../../../src/contexts/configuration/graph/application/ConfigurationReader.js';
import {
  ConfigObject,
  DEFAULT_COMMON,
  type ParameterValue,
} from '../../../../src/contexts/configuration/graph/domain/ConfigObject.js';
import type { ObjectSort } from '../../../../src/contexts/configuration/graph/domain/ObjectSort.js';
import { ObjectRules } from '../../../../src/contexts/configuration/graph/domain/ObjectRules.js';
import { IndexedGraph } from '../../../../src/contexts/configuration/graph/domain/GraphView.js';
import { factoryConfiguration } from '../../../../src/contexts/configuration/revisions/domain/factory/factoryConfiguration.js';
import { NodeAccess } from '../../../../src/contexts/configuration/nodes/application/NodeAccess.js';
import { NodeWizards } from '../../../../src/contexts/configuration/nodes/application/NodeWizards.js';
import { AddSystemNode } from '../../../../src/contexts/configuration/nodes/application/AddSystemNode.js';
import { AddProviderNode } from '../../../../src/contexts/configuration/nodes/application/AddProviderNode.js';
import { AddSipPhoneRegistrarNode } from '../../../../src/contexts/configuration/nodes/application/AddSipPhoneRegistrarNode.js';
import { ListNodes } from '../../../../src/contexts/configuration/nodes/application/ListNodes.js';
import { SetNodePort } from '../../../../src/contexts/configuration/nodes/application/SetNodePort.js';
import { SetNodeEnabled } from '../../../../src/contexts/configuration/nodes/application/SetNodeEnabled.js';
import { RemoveNode } from '../../../../src/contexts/configuration/nodes/application/RemoveNode.js';
import { GetNodeSubTreeObject } from '../../../../src/contexts/configuration/nodes/application/GetNodeSubTreeObject.js';
import { SilentLogger } from '../../../support/SilentLogger.js';

/** The node use cases on the in-memory adapters, over the factory configuration, with seeded ids. */
export class NodesHarness {
  readonly lab = DEFAULT_LAB;
  readonly repository = new InMemoryConfigurationRepository();
  readonly unitOfWork = new RevisionCountingUnitOfWork();
  readonly clock = new ManualClock(new Date('2026-03-01T08:00:00Z'));
  readonly states = new InMemoryConfigurationStateRepository(this.clock);
  readonly events = new InMemoryEventBus(new SilentLogger());
  readonly ids = new SeededIdGenerator('nodes-harness');
  readonly working = new WorkingConfiguration(this.unitOfWork, this.states, this.repository, this.events, this.clock);
  readonly reader = new ConfigurationReader(this.unitOfWork, this.unitOfWork, this.repository);
  readonly access = new NodeAccess(this.reader, this.working);
  readonly wizards = new NodeWizards(this.working, this.ids);
  readonly addSystem = new AddSystemNode(this.wizards);
  readonly addProvider = new AddProviderNode(this.wizards);
  readonly addRegistrar = new AddSipPhoneRegistrarNode(this.wizards);
  readonly listNodes = new ListNodes(this.access);
  readonly setPort = new SetNodePort(this.access);
  readonly setEnabled = new SetNodeEnabled(this.access);
  readonly removeNode = new RemoveNode(this.working);
  readonly subTree = new GetNodeSubTreeObject(this.access);

  async installFactory(): Promise<void> {
    const objects = factoryConfiguration(() => this.ids.uuid()).map((s) => new ConfigObject(this.lab, s));
    await this.unitOfWork.write(this.lab, async () => {
      for (const o of objects) await this.repository.save(o);
    });
  }

  async seed(
    sort: ObjectSort,
    displayName: string,
    parameters: { [name: string]: ParameterValue } = {},
    references: { [slot: string]: string[] } = {},
  ): Promise<ConfigObject> {
    const completed = ObjectRules.complete(sort, undefined, parameters, references);
    const object = new ConfigObject(this.lab, {
      id: this.ids.uuid(),
      sort,
      displayName,
      ...completed,
      common: DEFAULT_COMMON,
      note: '',
      metadata: {},
      version: 0,
    });
    await this.unitOfWork.write(this.lab, () => this.repository.save(object));
    return object;
  }

  async graph(): Promise<IndexedGraph> {
    return new IndexedGraph(await this.unitOfWork.read(() => this.repository.list(this.lab)));
  }

  async status(): Promise<string> {
    return (await this.states.get(this.lab)).status;
  }
}

export const GENERIC_PBX = '1d22157e-d6d5-4c79-9c1e-dd47c50e57e1';
export const COLLAB_DIRECT_ROUTING = '27e7727a-799f-4030-9a2d-030807faa647';
export const TELEKOM_DE = '284f989d-620c-4583-86dd-1295c247ae8c';
