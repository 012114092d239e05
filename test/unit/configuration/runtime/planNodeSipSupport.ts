import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { DEFAULT_LAB } from '../../../../src/shared/domain/LabId.js';
import { ConfigObject, type ParameterValue } from '../../../../src/contexts/configuration/graph/domain/ConfigObject.js';
import { IndexedGraph } from '../../../../src/contexts/configuration/graph/domain/GraphView.js';
import type { ObjectSort } from '../../../../src/contexts/configuration/graph/domain/ObjectSort.js';
import { compileGatewayPlan } from '../../../../src/contexts/configuration/runtime/domain/compileGatewayPlan.js';
import type { GatewayPlan, PlanNode } from '../../../../src/contexts/configuration/runtime/domain/GatewayPlan.js';
import { ConfigurationFile } from '../../../../src/contexts/configuration/revisions/application/ConfigurationFile.js';
import { DEMO_DIRECTORY } from '../../../../src/app/demo/demoDirectory.js';

const DEMO_CONFIGURATION_FILE = 'gateway.xzconfig';

export const CERTIFICATE = '-----BEGIN CERTIFICATE-----\nMIIBnode\n-----END CERTIFICATE-----';
export const CHAIN = '-----BEGIN CERTIFICATE-----\nMIIBissuer\n-----END CERTIFICATE-----';
export const KEY = '-----BEGIN PRIVATE KEY-----\nMIIBkey\n-----END PRIVATE KEY-----';

let counter = 0;
export function id(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${counter.toString(16).padStart(12, '0')}`;
}

/** A small graph built object by object; `add` answers the new object's id. */
export class GraphBuilder {
  readonly objects: ConfigObject[] = [];

  add(
    sort: ObjectSort,
    displayName: string,
    parameters: { [name: string]: ParameterValue } = {},
    references: { [slot: string]: readonly string[] } = {},
  ): string {
    const objectId = id();
    this.objects.push(ConfigObject.create(DEFAULT_LAB, { id: objectId, sort, displayName, parameters, references }));
    return objectId;
  }

  compile(): GatewayPlan {
    return compileGatewayPlan(DEFAULT_LAB, new IndexedGraph(this.objects), 1, new Date('2026-01-01T00:00:00Z'));
  }
}

export function node(plan: GatewayPlan, displayName: string): PlanNode {
  const found = [...plan.nodes.values()].find((n) => n.displayName === displayName);
  expect(found, `node ${displayName}`).to.not.equal(undefined);
  return found!;
}

export function demoPlan(): GatewayPlan {
  const snapshots = ConfigurationFile.read(readFileSync(`${DEMO_DIRECTORY}/${DEMO_CONFIGURATION_FILE}`));
  return compileGatewayPlan(
    DEFAULT_LAB,
    new IndexedGraph(snapshots.map((s) => new ConfigObject(DEFAULT_LAB, s))),
    1,
    new Date(),
  );
}
