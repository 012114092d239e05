import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Container } from 'inversify';
import { decodeConfigFile } from '@gwsim/config-file';
import { LAB_PRIVATE_KEY_FILE, signLicenseFile, type LicenseDocument } from '@gwsim/license-file';
import { Clock } from '../../shared/domain/Clock.js';
import { DEFAULT_LAB, type LabId } from '../../shared/domain/LabId.js';
import { Logger } from '../../shared/application/Logger.js';
import {
  CommitConfiguration,
  CommittedGateway,
  GetConfigurationStatus,
  ImportConfiguration,
} from '../../contexts/configuration/index.js';
import { ImportLicenseFile } from '../../contexts/licensing/index.js';
import { StoredTraffic, TrafficLabs, parseTrafficProfile } from '../../contexts/simulation/index.js';

import { DEMO_DIRECTORY } from './demoDirectory.js';

export { DEMO_DIRECTORY };
export const DEMO_CONFIGURATION_FILE = 'gateway.xzconfig';
export const DEMO_TRAFFIC_FILE = 'traffic.json';
/** The name the demo's import carries in the configuration status. */
export const DEMO_IMPORT_NAME = 'gwsim-demo.xzconfig';
export const DEMO_LICENSE_IDENTIFIER = 'GWSIM-DEMO-LAB-0001';
const YEAR = 365 * 24 * 3600 * 1000;

/** What the demo loader did at this start. */
export interface DemoOutcome {
  /** True when the demo configuration and license were installed now (the lab still had the factory configuration). */
  readonly installed: boolean;
  /** True when the lab runs the demo configuration: its committed revision has the demo's nodes (installed now or at an earlier start). */
  readonly active: boolean;
  /** True when the demo's traffic profile was started (whenever the demo configuration is active). */
  readonly trafficRunning: boolean;
}

/**
 * Loads the demo into the default lab the way a user would: the configuration file through the configuration
 * import and a commit, a lab license (30 concurrent sessions, signed with the lab key) through the license
 * import, the traffic profile file through the same parser and door as `PUT /_sim/labs/default/traffic`. Only a
 * lab that still has the untouched factory configuration gets the configuration and license; a lab whose
 * configuration an operator changed is never overwritten. The demo's traffic starts when the lab runs the demo
 * configuration and its traffic was never set (the traffic a lab runs is kept across restarts: traffic an operator
 * stopped or changed stays so).
 */
export async function loadDemo(container: Container, lab: LabId = DEFAULT_LAB): Promise<DemoOutcome> {
  return startDemoTraffic(container, await installDemo(container, lab), lab);
}

/**
 * The part of loadDemo that changes the configuration (run before the API is served, so that no request sees the
 * factory configuration turn into the demo's): a lab with the untouched factory configuration gets the demo
 * configuration, committed, and the lab license. Resolves with whether it did.
 */
export async function installDemo(container: Container, lab: LabId = DEFAULT_LAB): Promise<boolean> {
  const status = await container.get(GetConfigurationStatus).execute(lab);
  const state = status.state;
  const untouchedFactory = state.version === 1 && state.status === 'committed' && state.importedFileName === undefined;
  if (!untouchedFactory) return false;
  const content = readFileSync(path.join(DEMO_DIRECTORY, DEMO_CONFIGURATION_FILE));
  await container
    .get(ImportConfiguration)
    .execute(lab, { fileName: DEMO_IMPORT_NAME, content, commitProtection: false });
  await container.get(CommitConfiguration).execute(lab);
  const now = container.get(Clock).now();
  const license: LicenseDocument = {
    identifier: DEMO_LICENSE_IDENTIFIER,
    name: 'gwsim demo lab license (30 sessions)',
    products: ['gwsim'],
    application: 'gateway',
    requiredSystemIds: [],
    validFrom: instant(now),
    validUntil: instant(new Date(now.getTime() + YEAR - 1000)),
    facilities: [
      { name: 'telrtSession', value: 30 },
      { name: 'recSession', value: 10 },
    ],
    constraints: [],
    invalidates: [],
  };
  await container
    .get(ImportLicenseFile)
    .execute(lab, signLicenseFile(license, readFileSync(LAB_PRIVATE_KEY_FILE, 'utf8')));
  container
    .get(Logger)
    .info(
      { lab, configuration: path.join(DEMO_DIRECTORY, DEMO_CONFIGURATION_FILE), license: DEMO_LICENSE_IDENTIFIER },
      'demo installed: PBX Berlin, Carrier A and Carrier B with failover, committed; a 30-session lab license (start with --no-demo for the bare factory configuration)',
    );
  return true;
}

/**
 * The part of loadDemo that may run once the API is served: the demo's traffic starts when the lab runs the demo
 * configuration (installed now, or at an earlier start and left in place) and its traffic was never set; traffic
 * set before (by the demo at an earlier start, or by an operator) is what the lab resumes, as kept.
 */
export async function startDemoTraffic(
  container: Container,
  installed: boolean,
  lab: LabId = DEFAULT_LAB,
): Promise<DemoOutcome> {
  const active =
    installed || (await runsDemo(container, lab, readFileSync(path.join(DEMO_DIRECTORY, DEMO_CONFIGURATION_FILE))));
  if (!active) return { installed, active, trafficRunning: false };
  const stored = container.get(StoredTraffic);
  const trafficRunning =
    installed || !(await stored.isSet(lab)) ? await startTraffic(container, lab) : (await stored.read(lab)).running;
  return { installed, active, trafficRunning };
}

async function startTraffic(container: Container, lab: LabId): Promise<boolean> {
  const file = path.join(DEMO_DIRECTORY, DEMO_TRAFFIC_FILE);
  const profile = parseTrafficProfile(JSON.parse(readFileSync(file, 'utf8')) as unknown);
  const state = await container.get(TrafficLabs).configure(lab, { running: true, profile });
  container
    .get(Logger)
    .info(
      { lab, profile: file, callsPerSecond: profile.callsPerSecond },
      'demo traffic running (GET /_sim/labs/default/traffic; gwsim traffic stop)',
    );
  return state.running;
}

/** Whether the lab's committed configuration still has every node of the demo (by id), enabled or not. */
async function runsDemo(container: Container, lab: LabId, content: Buffer): Promise<boolean> {
  const demoNodes = decodeConfigFile(content)
    .objects.filter((o) => o.sort === 'TELSIP_STACK')
    .map((o) => o.id);
  const plan = await container.get(CommittedGateway).plan(lab);
  return demoNodes.length > 0 && demoNodes.every((id) => plan.nodes.has(id));
}

function instant(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}
