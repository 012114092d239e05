/** The control context's public face: other contexts and the composition root import only this file. */
export { controlModule, type ControlModuleSettings } from './ControlModule.js';
export { controlOperations, labOperations } from './controlOperations.js';
/** The labs: which exist is the shared LabDirectory; making and removing them is here. */
export { ManageLabs } from './labs/application/ManageLabs.js';
export { ControlledLabs } from './labs/application/ControlledLabs.js';
/** Fault rules: the HTTP edge asks which fault a gateway request gets, then applies it. */
export { FaultRules, type FaultDecision } from './faults/application/FaultRules.js';
export { operationOf, type FaultRequest } from './faults/domain/FaultMatch.js';
export { MAX_FAULT_MS, type FaultAnswer } from './faults/domain/FaultEffect.js';
export type { FaultRuleInput } from './faults/domain/FaultRule.js';
/** The request journal: the HTTP edge records every gateway API request. */
export { RequestJournal, DEFAULT_JOURNAL_SIZE } from './journal/application/RequestJournal.js';
export type { AppliedFault, JournalEntry } from './journal/domain/JournalEntry.js';
