/** The control context's public face: other contexts and the composition root import only this file. */
export { controlModule, type ControlModuleSettings } from './ControlModule.js';
export { controlOperations, labOperations, scenarioOperations } from './controlOperations.js';
/** The labs: which exist is the shared LabDirectory; making and removing them is here. */
export { ManageLabs } from './labs/application/ManageLabs.js';
export { ControlledLabs } from './labs/application/ControlledLabs.js';
/** The demo a lab is reset to (`reset {to: "demo"}`): the composition root installs it. */
export { LabDemo } from './labs/application/LabDemo.js';
/** Snapshots of a lab (save, restore, export, import). */
export { LabSnapshots } from './snapshots/application/LabSnapshots.js';
export { SnapshotRepository, type StateCatalog } from './snapshots/application/SnapshotRepository.js';
/** Fault rules: the HTTP edge asks which fault a gateway request gets, then applies it. */
export { FaultRules, type FaultDecision } from './faults/application/FaultRules.js';
export { operationOf, type FaultRequest } from './faults/domain/FaultMatch.js';
export { MAX_FAULT_MS, type FaultAnswer } from './faults/domain/FaultEffect.js';
export type { FaultRuleInput } from './faults/domain/FaultRule.js';
/** The request journal: the HTTP edge records every gateway API request. */
export { RequestJournal, DEFAULT_JOURNAL_SIZE } from './journal/application/RequestJournal.js';
export type { AppliedFault, JournalEntry } from './journal/domain/JournalEntry.js';
export { PeerJournals } from './journal/interface/http/PeerJournals.js';
export type { JournalView } from './journal/interface/http/JournalViews.js';
/** Scenarios: the composition root runs their gateway requests (GatewayRequests); the CLI reads scenario files as the server does. */
export { GatewayRequests, type GatewayAnswer } from './scenarios/application/GatewayRequests.js';
export { ScenarioRunner } from './scenarios/application/ScenarioRunner.js';
export { ScenarioRuns } from './scenarios/application/ScenarioRuns.js';
export {
  readScenarioFile,
  ScenarioFileError,
  DirectoryScenarioLibrary,
} from './scenarios/infrastructure/ScenarioFiles.js';
