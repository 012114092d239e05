import { objectOperations } from './objects/interface/http/objectOperations.js';

/** The configuration context's public face: other contexts import only this file. */
export { configurationModule } from './ConfigurationModule.js';
export { ConfigObjectRecord } from './objects/infrastructure/persistence/ConfigObjectRecord.js';
export { ConfigurationRepository, type Revision, type RevisionDiff } from './objects/domain/ConfigurationRepository.js';
export {
  ConfigObject, DEFAULT_COMMON, type CommonParameters, type ConfigObjectSnapshot, type ParameterValue,
} from './objects/domain/ConfigObject.js';
export { OBJECT_SORTS, isObjectSort, type ObjectSort } from './objects/domain/ObjectSort.js';
export { canonicalObjectId, compactObjectId } from './objects/domain/ObjectId.js';
export { ObjectRules, type SortLookup } from './objects/domain/ObjectRules.js';
export { SortCatalog } from './objects/domain/catalog/SortCatalog.js';
export type { ParameterDefinition, ReferenceSlot, SortDefinition } from './objects/domain/catalog/SortDefinition.js';
export type { ParameterType } from './objects/domain/catalog/ParameterType.js';
export { ObjectWrites } from './objects/application/ObjectWrites.js';

export const configurationOperations = [...objectOperations];
