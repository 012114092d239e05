import { certificateOperations } from './certificates/interface/http/certificateOperations.js';
import { coreConfigOperations } from './revisions/interface/http/coreConfigOperations.js';
import { nodesOperations } from './nodes/interface/http/nodesOperations.js';
import { objectOperations } from './objects/interface/http/objectOperations.js';
import { requestRouterOperations } from './request-routers/interface/http/requestRouterOperations.js';
import { rewritingOperations } from './rewriting/interface/http/rewritingOperations.js';
import { routingOperations } from './routing/interface/http/routingOperations.js';
import { transportOperations } from './transport/interface/http/transportOperations.js';
import { webServerConnectorOperations } from './web-server-connectors/interface/http/webServerConnectorOperations.js';

/** The configuration context's public face: other contexts and the composition root import only this file. */
export { configurationModule } from './ConfigurationModule.js';
export { ConfigObjectRecord } from './graph/infrastructure/persistence/ConfigObjectRecord.js';
export { ConfigurationStateRecord } from './revisions/infrastructure/persistence/ConfigurationStateRecord.js';
export { ConfigurationRepository, type Revision, type RevisionDiff } from './graph/domain/ConfigurationRepository.js';
export {
  ConfigObject,
  DEFAULT_COMMON,
  type CommonParameters,
  type ConfigObjectSnapshot,
  type ParameterValue,
} from './graph/domain/ConfigObject.js';
export { OBJECT_SORTS, isObjectSort, type ObjectSort } from './graph/domain/ObjectSort.js';
export { canonicalObjectId, compactObjectId } from './graph/domain/ObjectId.js';
export { ObjectRules, type SortLookup } from './graph/domain/ObjectRules.js';
export { SortCatalog } from './graph/domain/catalog/SortCatalog.js';
export type { ParameterDefinition, ReferenceSlot, SortDefinition } from './graph/domain/catalog/SortDefinition.js';
export type { ParameterType } from './graph/domain/catalog/ParameterType.js';
/** The one write door of the working configuration, for the typed views built on the graph. */
export { WorkingConfiguration } from './graph/application/WorkingConfiguration.js';
/** The working graph held in memory, for the reads of the typed views. */
export { ConfigurationReader } from './graph/application/ConfigurationReader.js';
export { IndexedGraph, resolveObject, type GraphView } from './graph/domain/GraphView.js';
/** The write checks every view shares (catalog problems, name taken, unchanged, free helper names). */
export {
  catalogProblems,
  freeName,
  refuseInvalid,
  refuseNameTaken,
  unchanged,
} from './graph/application/viewWrites.js';
export { InstallFactoryConfiguration } from './revisions/application/InstallFactoryConfiguration.js';
/** The revisions' use cases, for the composition root's demo loader (the same doors the API uses). */
export { ImportConfiguration } from './revisions/application/ImportConfiguration.js';
export { CommitConfiguration } from './revisions/application/CommitConfiguration.js';
export { GetConfigurationStatus } from './revisions/application/GetConfigurationStatus.js';
export type {
  ConfigurationCommitted,
  ConfigurationCleaned,
  ConfigurationImported,
  ConfigurationModified,
  ConfigurationReverted,
} from './revisions/domain/ConfigurationEvents.js';

/** The engines (pure domain, no I/O): dial string rewriting and route matching, for the simulator. */
export {
  DialString,
  DialStrings,
  type DialStringRole,
  type DialStringsInit,
} from './rewriting/domain/compiled/DialStrings.js';
export {
  RewritingPlan,
  applyRewriteRules,
  checkRewriteRule,
  type RewriteResult,
  type RewriteTraceEntry,
} from './rewriting/domain/compiled/RewritingPlan.js';
export {
  RoutingPlan,
  checkRoute,
  compileRoutingDomain,
  type RouteMatch,
  type RoutedDialStrings,
  type RoutingCall,
  type RoutingDomainSpec,
  type TargetMatch,
} from './routing/domain/compiled/RoutingPlan.js';
export { SipStatusCodes, type FailureStatus } from './routing/domain/compiled/SipStatusMatch.js';

export const configurationOperations = [
  ...coreConfigOperations,
  ...objectOperations,
  ...nodesOperations,
  ...transportOperations,
  ...requestRouterOperations,
  ...webServerConnectorOperations,
  ...certificateOperations,
  ...routingOperations,
  ...rewritingOperations,
];

/** The committed configuration compiled for the session simulator (nodes, addresses, routing and rewriting). */
export { CommittedGateway } from './runtime/application/CommittedGateway.js';
/** The simulator's view of the committed configuration: `/_sim/labs/{lab}/gateway` (a control endpoint). */
export { committedGatewayControlOperations } from './runtime/interface/http/committedGatewayOperations.js';
export type {
  GatewayPlan,
  PlanNode,
  PlanConnection,
  PlanCertificate,
  PlannedRoute,
  PlanProblem,
  PlanRoutingDomain,
  SipEndpoint,
  SipTransportProtocol,
  PlanNodeSip,
  PlanIdentity,
  PlanWebSocket,
  PlanCredentials,
  PlanRegistration,
  PlanSupervision,
  PlanMedia,
  PlanRegistrar,
  PlanSessionTimer,
  RegistrarAcceptPolicy,
  ReliableProvisionals,
  PlanPeer,
  PlanPeerWhitelist,
  PlanPeers,
} from './runtime/domain/GatewayPlan.js';
