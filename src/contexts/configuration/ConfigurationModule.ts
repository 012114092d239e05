import { LabLifecycle } from '../../shared/application/LabLifecycle.js';
import { ConfigurationLabLifecycle } from './revisions/application/ConfigurationLabLifecycle.js';
import { CommittedGateway } from './runtime/application/CommittedGateway.js';
import { GraphCommittedGateway } from './runtime/application/GraphCommittedGateway.js';
import { CommittedGatewayController } from './runtime/interface/http/CommittedGatewayController.js';
import { ContainerModule } from 'inversify';
import { StartupTask } from '../../shared/application/StartupTask.js';
import type { ContextModuleOptions } from '../../shared/infrastructure/ContextModuleOptions.js';
import { ConfigurationReader } from './graph/application/ConfigurationReader.js';
import { WorkingChanges } from './graph/application/WorkingChanges.js';
import { WorkingConfiguration, WorkingGraphs } from './graph/application/WorkingConfiguration.js';
import { TrackingConfigurationRepository } from './graph/infrastructure/TrackingConfigurationRepository.js';
import { ConfigurationRepository } from './graph/domain/ConfigurationRepository.js';
import { InMemoryConfigurationRepository } from './graph/infrastructure/memory/InMemoryConfigurationRepository.js';
import { TypeOrmConfigurationRepository } from './graph/infrastructure/persistence/TypeOrmConfigurationRepository.js';
import { bindNodes } from './nodes/nodesBindings.js';
import { BulkRemoveObjects } from './objects/application/BulkRemoveObjects.js';
import { ExportObject } from './objects/application/ExportObject.js';
import { FindObjectByDisplayName } from './objects/application/FindObjectByDisplayName.js';
import { GetObject } from './objects/application/GetObject.js';
import { GetObjectTree } from './objects/application/GetObjectTree.js';
import { ImportObjects } from './objects/application/ImportObjects.js';
import { ListObjectsOfSort } from './objects/application/ListObjectsOfSort.js';
import { ListSorts } from './objects/application/ListSorts.js';
import { ListSubTreeObjects } from './objects/application/ListSubTreeObjects.js';
import { ListUnreferencedObjects } from './objects/application/ListUnreferencedObjects.js';
import { RemoveObject } from './objects/application/RemoveObject.js';
import { SetObject } from './objects/application/SetObject.js';
import { SetObjectNote } from './objects/application/SetObjectNote.js';
import { ObjectReadController } from './objects/interface/http/ObjectReadController.js';
import { ObjectWriteController } from './objects/interface/http/ObjectWriteController.js';
import { CleanConfiguration } from './revisions/application/CleanConfiguration.js';
import { CommitConfiguration } from './revisions/application/CommitConfiguration.js';
import { ExportConfiguration } from './revisions/application/ExportConfiguration.js';
import { FactoryConfigurationStartup } from './revisions/application/FactoryConfigurationStartup.js';
import { GetConfigurationStatus } from './revisions/application/GetConfigurationStatus.js';
import { ImportConfiguration } from './revisions/application/ImportConfiguration.js';
import { InstallFactoryConfiguration } from './revisions/application/InstallFactoryConfiguration.js';
import { RevertConfiguration } from './revisions/application/RevertConfiguration.js';
import { ConfigurationStateRepository } from './revisions/domain/ConfigurationStateRepository.js';
import { InMemoryConfigurationStateRepository } from './revisions/infrastructure/memory/InMemoryConfigurationStateRepository.js';
import { TypeOrmConfigurationStateRepository } from './revisions/infrastructure/persistence/TypeOrmConfigurationStateRepository.js';
import { CoreConfigController } from './revisions/interface/http/CoreConfigController.js';
import { bindRequestRouters } from './request-routers/requestRoutersBindings.js';
import { bindTransport } from './transport/transportBindings.js';
import { bindCertificates } from './certificates/certificateBindings.js';
import { bindWebServerConnectors } from './web-server-connectors/webServerConnectorBindings.js';
import { bindRouting } from './routing/routingBindings.js';
import { bindRewriting } from './rewriting/rewritingBindings.js';

/**
 * The configuration context: the graph (repository port and the one write door, WorkingConfiguration), its
 * revisions (lifecycle, commit, revert, clean, import, export, status, factory configuration) and the
 * detached-objects view.
 */
/** The store's own adapter of ConfigurationRepository, wrapped by TrackingConfigurationRepository. */
abstract class StoredConfigurationRepository extends ConfigurationRepository {}

export function configurationModule(options: ContextModuleOptions): ContainerModule {
  const typeorm = options.store === 'typeorm';
  return new ContainerModule(({ bind }) => {
    bind(WorkingChanges).toSelf().inSingletonScope();
    bind(StoredConfigurationRepository)
      .to(typeorm ? TypeOrmConfigurationRepository : InMemoryConfigurationRepository)
      .inSingletonScope();
    bind(ConfigurationRepository)
      .toDynamicValue(
        (context) =>
          new TrackingConfigurationRepository(context.get(StoredConfigurationRepository), context.get(WorkingChanges)),
      )
      .inSingletonScope();
    bind(WorkingGraphs).toSelf().inSingletonScope();
    bind(ConfigurationStateRepository)
      .to(typeorm ? TypeOrmConfigurationStateRepository : InMemoryConfigurationStateRepository)
      .inSingletonScope();
    bind(WorkingConfiguration).toSelf().inSingletonScope();
    bind(ConfigurationReader).toSelf().inSingletonScope();
    bind(CommittedGateway).to(GraphCommittedGateway).inSingletonScope();
    bind(CommittedGatewayController).toSelf().inSingletonScope();

    bind(CommitConfiguration).toSelf().inSingletonScope();
    bind(RevertConfiguration).toSelf().inSingletonScope();
    bind(CleanConfiguration).toSelf().inSingletonScope();
    bind(ImportConfiguration).toSelf().inSingletonScope();
    bind(ExportConfiguration).toSelf().inSingletonScope();
    bind(GetConfigurationStatus).toSelf().inSingletonScope();
    bind(InstallFactoryConfiguration).toSelf().inSingletonScope();
    bind(LabLifecycle).to(ConfigurationLabLifecycle).inSingletonScope();
    bind(FactoryConfigurationStartup).toSelf().inSingletonScope();
    bind(StartupTask).toService(FactoryConfigurationStartup);
    bind(CoreConfigController).toSelf().inSingletonScope();

    bind(ListSorts).toSelf().inSingletonScope();
    bind(ListObjectsOfSort).toSelf().inSingletonScope();
    bind(FindObjectByDisplayName).toSelf().inSingletonScope();
    bind(GetObject).toSelf().inSingletonScope();
    bind(SetObjectNote).toSelf().inSingletonScope();
    bind(ListUnreferencedObjects).toSelf().inSingletonScope();
    bind(GetObjectTree).toSelf().inSingletonScope();
    bind(ListSubTreeObjects).toSelf().inSingletonScope();
    bind(SetObject).toSelf().inSingletonScope();
    bind(RemoveObject).toSelf().inSingletonScope();
    bind(BulkRemoveObjects).toSelf().inSingletonScope();
    bind(ExportObject).toSelf().inSingletonScope();
    bind(ImportObjects).toSelf().inSingletonScope();
    bind(ObjectReadController).toSelf().inSingletonScope();
    bind(ObjectWriteController).toSelf().inSingletonScope();
    bindTransport(bind);
    bindRequestRouters(bind);
    bindNodes(bind);
    bindWebServerConnectors(bind);
    bindCertificates(bind);
    bindRouting(bind);
    bindRewriting(bind);
  });
}
