import { DEFAULT_LAB } from '../../../../src/shared/domain/LabId.js';
import { ManualClock } from '../../../../src/shared/infrastructure/ManualClock.js';
import { SeededIdGenerator } from '../../../../src/shared/infrastructure/SeededIdGenerator.js';
import { InMemoryEventBus } from '../../../../src/shared/infrastructure/InMemoryEventBus.js';
import { InMemoryConfigurationStateRepository } from '../../../../src/contexts/configuration/revisions/infrastructure/memory/InMemoryConfigurationStateRepository.js';
import { SilentLogger } from '../../../support/SilentLogger.js';
import { InMemoryUnitOfWork } from '../../../../src/shared/infrastructure/memory/InMemoryUnitOfWork.js';
import {
  ConfigObject,
  DEFAULT_COMMON,
  type CommonParameters,
  type ParameterValue,
} from '../../../../src/contexts/configuration/graph/domain/ConfigObject.js';
import type { ObjectSort } from '../../../../src/contexts/configuration/graph/domain/ObjectSort.js';
import { ObjectRules } from '../../../../src/contexts/configuration/graph/domain/ObjectRules.js';
import { InMemoryConfigurationRepository } from '../../../../src/contexts/configuration/graph/infrastructure/memory/InMemoryConfigurationRepository.js';
import { BulkRemoveObjects } from '../../../../src/contexts/configuration/objects/application/BulkRemoveObjects.js';
import { ExportObject } from '../../../../src/contexts/configuration/objects/application/ExportObject.js';
import { FindObjectByDisplayName } from '../../../../src/contexts/configuration/objects/application/FindObjectByDisplayName.js';
import { GetObject } from '../../../../src/contexts/configuration/objects/application/GetObject.js';
import { GetObjectTree } from '../../../../src/contexts/configuration/objects/application/GetObjectTree.js';
import { ImportObjects } from '../../../../src/contexts/configuration/objects/application/ImportObjects.js';
import { ListObjectsOfSort } from '../../../../src/contexts/configuration/objects/application/ListObjectsOfSort.js';
import { ListSorts } from '../../../../src/contexts/configuration/objects/application/ListSorts.js';
import { ListSubTreeObjects } from '../../../../src/contexts/configuration/objects/application/ListSubTreeObjects.js';
import { ListUnreferencedObjects } from '../../../../src/contexts/configuration/objects/application/ListUnreferencedObjects.js';
import { WorkingConfiguration } from '../../../../src/contexts/configuration/graph/application/WorkingConfiguration.js';
import { RemoveObject } from '../../../../src/contexts/configuration/objects/application/RemoveObject.js';
import { SetObject } from '../../../../src/contexts/configuration/objects/application/SetObject.js';
import { SetObjectNote } from '../../../../src/contexts/configuration/objects/application/SetObjectNote.js';

/** The detached-objects use cases on the in-memory adapters, with a manual clock and seeded ids. */
export class ObjectsHarness {
  readonly lab = DEFAULT_LAB;
  readonly repository = new InMemoryConfigurationRepository();
  readonly unitOfWork = new InMemoryUnitOfWork();
  readonly clock = new ManualClock(new Date('2026-03-01T08:00:00Z'));
  /** The lifecycle state the writes report to (in memory, like the rest). */
  readonly configurationStates = new InMemoryConfigurationStateRepository(this.clock);
  readonly events = new InMemoryEventBus(new SilentLogger());
  readonly writes = new WorkingConfiguration(
    this.unitOfWork,
    this.configurationStates,
    this.repository,
    this.events,
    this.clock,
  );
  readonly ids: SeededIdGenerator;
  readonly importObjects: ImportObjects;

  constructor(seed = 'objects-harness') {
    this.ids = new SeededIdGenerator(seed);
    this.importObjects = new ImportObjects(this.writes, this.repository, this.ids);
  }

  readonly listSorts = new ListSorts(this.unitOfWork, this.repository);
  readonly listOfSort = new ListObjectsOfSort(this.unitOfWork, this.repository);
  readonly findByName = new FindObjectByDisplayName(this.unitOfWork, this.repository);
  readonly getObject = new GetObject(this.unitOfWork, this.repository);
  readonly setNote = new SetObjectNote(this.writes, this.repository);
  readonly unreferenced = new ListUnreferencedObjects(this.unitOfWork, this.repository);
  readonly tree = new GetObjectTree(this.unitOfWork, this.repository);
  readonly subTree = new ListSubTreeObjects(this.unitOfWork, this.repository);
  readonly setObject = new SetObject(this.writes, this.repository);
  readonly removeObject = new RemoveObject(this.writes, this.repository);
  readonly bulkRemove = new BulkRemoveObjects(this.writes, this.repository);
  readonly exportObject = new ExportObject(this.unitOfWork, this.repository, this.clock);

  /** Stores a catalog-complete object (defaults filled, derived slots computed) straight through the repository. */
  async seed(
    sort: ObjectSort,
    displayName: string,
    parameters: { [name: string]: ParameterValue } = {},
    references: { [slot: string]: string[] } = {},
    common: Partial<CommonParameters> = {},
  ): Promise<ConfigObject> {
    const completed = ObjectRules.complete(sort, undefined, parameters, references);
    const object = new ConfigObject(this.lab, {
      id: this.ids.uuid(),
      sort,
      displayName,
      ...completed,
      common: { ...DEFAULT_COMMON, ...common },
      note: '',
      metadata: {},
      version: 0,
    });
    await this.unitOfWork.write(this.lab, () => this.repository.save(object));
    return (await this.find(object.id))!;
  }

  /** The lifecycle status of the lab's configuration (committed, modified, imported-protected, …). */
  async status(): Promise<string> {
    return (await this.configurationStates.get(this.lab)).status;
  }

  /** Puts the lab in the state of a configuration imported with commitProtection=true (view-only). */
  async protectWorkingCopy(): Promise<void> {
    const state = await this.configurationStates.get(this.lab);
    state.imported(this.clock.now(), true, 'protected.xzconfig', (await this.all()).length);
    await this.configurationStates.save(state);
  }

  find(id: string): Promise<ConfigObject | undefined> {
    return this.unitOfWork.read(() => this.repository.find(this.lab, id));
  }

  all(): Promise<ConfigObject[]> {
    return this.unitOfWork.read(() => this.repository.list(this.lab));
  }

  /** The whole working graph as comparable data (versions included). */
  async state(): Promise<unknown> {
    return (await this.all()).map((o) => o.snapshot());
  }
}

export const CERTIFICATE_PEM =
  '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQ2VydGlmaWNhdGVPZlRoZVRlc3Q=\n-----END CERTIFICATE-----';
export const PRIVATE_KEY_PEM =
  '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgUHJpdmF0ZUtleQ==\n-----END PRIVATE KEY-----';
export const PASSWORD = 'S3cret-Carrier-Pw!';

/** A SIP node with everything below it, as a provider wizard would create it. */
export interface NodeGraph {
  readonly controller: ConfigObject;
  readonly identity: ConfigObject;
  readonly securityProfile: ConfigObject;
  readonly transport: ConfigObject;
  readonly credentials: ConfigObject;
  readonly connection: ConfigObject;
  readonly userAgent: ConfigObject;
  readonly node: ConfigObject;
}

export async function seedNodeGraph(h: ObjectsHarness, prefix = 'carrier', port = 5060): Promise<NodeGraph> {
  const controller = await h.seed('IN_STACK', `${prefix} eth0`, { ipAddress: '192.0.2.10' });
  const identity = await h.seed('CRY_X509_STACK', `${prefix} identity`, {
    certificate: CERTIFICATE_PEM,
    privateKey: PRIVATE_KEY_PEM,
    selfSigned: true,
  });
  const securityProfile = await h.seed('INS_STACK', `${prefix} security`, {}, { digitalIdentityId: [identity.id] });
  const transport = await h.seed(
    'SIPST_STACK',
    `${prefix} transport`,
    { udpTcpPort: port, tlsPort: port + 1 },
    { networkControllerId: [controller.id], networkSecurityProfileId: [securityProfile.id] },
  );
  const credentials = await h.seed('SIPAUTH_STACK', `${prefix} login`, { username: 'alice', password: PASSWORD });
  const connection = await h.seed(
    'AN_SIPRT_ROUTE',
    `${prefix} trunk`,
    { proxyIri: 'sip:sip.example.net', authenticationEnabled: true },
    { credentialsId: [credentials.id] },
  );
  const userAgent = await h.seed('SIPUA_STACK', `${prefix} user agent`, {}, { sipTransportId: [transport.id] });
  const node = await h.seed(
    'TELSIP_STACK',
    `${prefix} node`,
    { nodeRole: 'PROVIDER' },
    { sipUserAgentId: [userAgent.id], transportConnectionIds: [connection.id] },
  );
  return { controller, identity, securityProfile, transport, credentials, connection, userAgent, node };
}

/** Runs `work` and returns the DomainError-like failure it throws (fails when it does not throw). */
export async function failure(
  work: () => Promise<unknown>,
): Promise<{ code: string; kind: string; message: string; details: Array<{ field?: string; message: string }> }> {
  try {
    await work();
  } catch (error) {
    return error as never;
  }
  throw new Error('expected the call to fail');
}
