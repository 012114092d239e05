import { ContainerModule } from 'inversify';
import type { ContextModuleOptions } from '../../shared/infrastructure/ContextModuleOptions.js';
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
import { ObjectWrites } from './objects/application/ObjectWrites.js';
import { RemoveObject } from './objects/application/RemoveObject.js';
import { SetObject } from './objects/application/SetObject.js';
import { SetObjectNote } from './objects/application/SetObjectNote.js';
import { ConfigurationRepository } from './objects/domain/ConfigurationRepository.js';
import { InMemoryConfigurationRepository } from './objects/infrastructure/memory/InMemoryConfigurationRepository.js';
import { TypeOrmConfigurationRepository } from './objects/infrastructure/persistence/TypeOrmConfigurationRepository.js';
import { ObjectReadController } from './objects/interface/http/ObjectReadController.js';
import { ObjectWriteController } from './objects/interface/http/ObjectWriteController.js';

/** The configuration context: the object graph (repository port), and the detached-objects use cases and controllers. */
export function configurationModule(options: ContextModuleOptions): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(ConfigurationRepository)
      .to(options.store === 'typeorm' ? TypeOrmConfigurationRepository : InMemoryConfigurationRepository)
      .inSingletonScope();
    bind(ObjectWrites).toSelf().inSingletonScope();
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
  });
}
