import { operation, type PathParameterSpec } from '../../shared/interface/http/Operation.js';
import { MAX_JOURNAL_LIMIT } from './journal/domain/JournalQuery.js';
import { FaultsController } from './faults/interface/http/FaultsController.js';
import { FaultRuleDto, FaultRuleListView, FaultRuleView } from './faults/interface/http/faultShapes.js';
import { JournalController } from './journal/interface/http/JournalController.js';
import { JournalView } from './journal/interface/http/JournalViews.js';
import { LabsController } from './labs/interface/http/LabsController.js';
import { CreateLabDto, LabListView, LabView, ResetLabDto } from './labs/interface/http/labShapes.js';
import { snapshotOperations } from './snapshots/interface/http/snapshotOperations.js';
import { ScenarioController } from './scenarios/interface/http/ScenarioController.js';
import { ScenarioDocumentDto } from './scenarios/interface/http/ScenarioDocumentDto.js';
import { ScenarioListView, ScenarioRunView } from './scenarios/interface/http/ScenarioViews.js';

const area = 'Simulator control';
const LAB: PathParameterSpec = {
  name: 'lab',
  description: "the lab's name ('default', or one made with POST /_sim/labs; others: 404 LAB_NOT_FOUND)",
};

/** The control context's endpoints: fault rules and the request journal of a lab (administrators only). */
export const controlOperations = [
  operation({
    area,
    method: 'GET',
    path: '/_sim/labs/{lab}/faults',
    version: 0,
    permissions: ['API', 'ADM'],
    body: 'none',
    control: true,
    params: [LAB],
    summary:
      'The fault rules of the lab, in the order they were added: what each matches and does, its hits so far, what remains of its count, when it expires',
    response: { kind: 'json', shape: FaultRuleListView },
    controller: FaultsController,
    handle: (c, r) => c.list(r),
  }),
  operation({
    area,
    method: 'POST',
    path: '/_sim/labs/{lab}/faults',
    version: 0,
    permissions: ['API', 'ADM'],
    body: 'json',
    control: true,
    params: [LAB],
    summary:
      'Add a fault rule (match, effect, probability, count, window, expiresInSeconds); answers it with its id. An API fault answers gateway requests; a gateway fault (effect.kind: monitorUnreachable, standbyLinkDown, nodeDown, trunkDown, licenseRevoked, diskFull, cpuOverload, packetLoss, with its parameters) holds while the rule is active',
    request: FaultRuleDto,
    response: { kind: 'json', shape: FaultRuleView },
    controller: FaultsController,
    handle: (c, r) => c.add(r),
  }),
  operation({
    area,
    method: 'DELETE',
    path: '/_sim/labs/{lab}/faults/{id}',
    version: 0,
    permissions: ['API', 'ADM'],
    body: 'none',
    control: true,
    params: [LAB, { name: 'id', description: 'the rule id POST answered' }],
    summary:
      'Remove a fault rule (a gateway fault switches back at once); answers the rule as it was; 404 FAULT_RULE_NOT_FOUND for an unknown or expired id',
    response: { kind: 'json', shape: FaultRuleView },
    controller: FaultsController,
    handle: (c, r) => c.remove(r),
  }),
  operation({
    area,
    method: 'GET',
    path: '/_sim/labs/{lab}/journal',
    version: 0,
    permissions: ['API', 'ADM'],
    body: 'none',
    control: true,
    everyProcess: true,
    params: [LAB],
    summary:
      "The lab's request journal: every gateway API request (method, path, operation, status, user, time, latency, the fault injected), newest last",
    query: [
      { name: 'method', type: 'string', description: 'only this HTTP method' },
      {
        name: 'path',
        type: 'string',
        description: 'only paths starting with this, or matching it when it holds * (any run) or ? (one character)',
      },
      { name: 'status', type: 'string', description: 'only this status (503) or class (5xx)' },
      {
        name: 'since',
        type: 'string',
        description: 'only requests that arrived at or after this ISO-8601 instant (lab clock)',
      },
      {
        name: 'limit',
        type: 'integer',
        description: `the newest this many matches (1 to ${MAX_JOURNAL_LIMIT}, default 100)`,
      },
    ],
    response: { kind: 'json', shape: JournalView },
    controller: JournalController,
    handle: (c, r) => c.find(r),
  }),
  operation({
    area,
    method: 'DELETE',
    path: '/_sim/labs/{lab}/journal',
    version: 0,
    permissions: ['API', 'ADM'],
    body: 'none',
    control: true,
    everyProcess: true,
    params: [LAB],
    summary: "Empty the lab's request journal",
    response: { kind: 'empty' },
    controller: JournalController,
    handle: (c, r) => c.clear(r),
  }),
];

/** Scenarios: the shipped ones, and a lab's run (administrators of the default lab). */
export const scenarioOperations = [
  operation({
    area,
    method: 'GET',
    path: '/_sim/scenarios',
    version: 0,
    permissions: ['API', 'ADM'],
    body: 'none',
    control: true,
    summary: 'The scenarios shipped with gwsim (demo/scenarios), usable by name: their names and what each shows',
    response: { kind: 'json', shape: ScenarioListView },
    controller: ScenarioController,
    handle: (c) => c.list(),
  }),
  operation({
    area,
    method: 'GET',
    path: '/_sim/labs/{lab}/scenario',
    version: 0,
    permissions: ['API', 'ADM'],
    body: 'none',
    control: true,
    params: [LAB],
    summary:
      "The lab's current or last scenario run: its state (seeding, running, passed, failed, stopped), start and end on the lab clock, each step's status and each expectation's checks with the values expected and read; 404 SCENARIO_NOT_FOUND when none ran",
    response: { kind: 'json', shape: ScenarioRunView },
    controller: ScenarioController,
    handle: (c, r) => c.get(r),
  }),
  operation({
    area,
    method: 'POST',
    path: '/_sim/labs/{lab}/scenario',
    version: 0,
    permissions: ['API', 'ADM'],
    body: 'json',
    control: true,
    params: [LAB],
    summary:
      'Run a scenario on the lab (a document, or {use: "<shipped name>"}; replace?: true beside it): the lab is reset, seeded, and its steps run on the lab clock; answers the run at once (seeding). A lab that holds a configuration or call history is replaced only with replace: true (409 LAB_IN_USE naming replace and what it holds; POST /_sim/labs {scenario} runs one in a lab of its own). 400 INVALID_SCENARIO naming the field, 409 SCENARIO_RUNNING while one runs',
    request: ScenarioDocumentDto,
    response: { kind: 'json', shape: ScenarioRunView },
    controller: ScenarioController,
    handle: (c, r) => c.run(r),
  }),
  operation({
    area,
    method: 'DELETE',
    path: '/_sim/labs/{lab}/scenario',
    version: 0,
    permissions: ['API', 'ADM'],
    body: 'none',
    control: true,
    params: [LAB],
    summary:
      "Stop the lab's scenario run: the steps left are skipped and the fault rules it added removed; the lab keeps the rest. 409 SCENARIO_NOT_RUNNING when none runs",
    response: { kind: 'json', shape: ScenarioRunView },
    controller: ScenarioController,
    handle: (c, r) => c.stop(r),
  }),
];

/** The labs: list, create, read, remove (administrators of the default lab). */
export const labOperations = [
  operation({
    area,
    method: 'GET',
    path: '/_sim/labs',
    version: 0,
    permissions: ['API', 'ADM'],
    body: 'none',
    control: true,
    summary: 'The labs of this gwsim: the default lab (served at /api) and those made since (each at /labs/{name}/api)',
    response: { kind: 'json', shape: LabListView },
    controller: LabsController,
    handle: (c) => c.list(),
  }),
  operation({
    area,
    method: 'POST',
    path: '/_sim/labs',
    version: 0,
    permissions: ['API', 'ADM'],
    body: 'json',
    control: true,
    summary:
      'Make a lab ({name, displayName?, port?}): an isolated gateway with the factory configuration and the built-in administrator (the password of GWSIM_ADMIN_PASSWORD), its own users, licenses, clock, traffic and history; 409 LAB_EXISTS for a name in use. With {scenario, name?, keep?}: a lab of its own for a scenario (by default scenario-<its name>), seeded and running its steps; keep: false removes it once the run ended',
    request: CreateLabDto,
    response: { kind: 'json', shape: LabView },
    controller: LabsController,
    handle: (c, r) => c.create(r),
  }),
  operation({
    area,
    method: 'GET',
    path: '/_sim/labs/{lab}',
    version: 0,
    permissions: ['API', 'ADM'],
    body: 'none',
    control: true,
    params: [LAB],
    summary: 'One lab: its name, display name, when it was made and where its API is',
    response: { kind: 'json', shape: LabView },
    controller: LabsController,
    handle: (c, r) => c.get(r),
  }),
  operation({
    area,
    method: 'POST',
    path: '/_sim/labs/{lab}/reset',
    version: 0,
    permissions: ['API', 'ADM'],
    body: 'json',
    control: true,
    params: [LAB],
    summary:
      'Reset a lab ({to: "empty"}) to what a new lab holds: the factory configuration, the built-in administrator, a real-time clock, no traffic, history, faults or journal (its name, display name and port stay; its snapshots too); the default lab too. {to: "demo"}: that, then the demo a fresh start installs (its configuration, a lab license, its traffic). {to: "scenario"}: that, seeded again from the lab\'s scenario. {to: "<snapshot name>"}: restore that snapshot of the lab',
    request: ResetLabDto,
    response: { kind: 'json', shape: LabView },
    controller: LabsController,
    handle: (c, r) => c.reset(r),
  }),
  operation({
    area,
    method: 'DELETE',
    path: '/_sim/labs/{lab}',
    version: 0,
    permissions: ['API', 'ADM'],
    body: 'none',
    control: true,
    params: [LAB],
    summary:
      'Remove a lab and everything it holds (configuration, users, licenses, clock, traffic, history, faults, journal); the default lab cannot be removed (409 LAB_PROTECTED)',
    response: { kind: 'json', shape: LabView },
    controller: LabsController,
    handle: (c, r) => c.remove(r),
  }),
  ...snapshotOperations,
];
