import { randomUUID } from 'node:crypto';
import type { LabId } from '../../../src/shared/domain/LabId.js';
import {
  ConfigObject,
  DEFAULT_COMMON,
  type ConfigObjectSnapshot,
} from '../../../src/contexts/configuration/graph/domain/ConfigObject.js';
import type { ObjectSort } from '../../../src/contexts/configuration/graph/domain/ObjectSort.js';

let counter = 0;

/** Configuration objects for repository and lifecycle tests (content that is not catalog-checked). */
export const ConfigObjectMother = {
  snapshot(overrides: Partial<ConfigObjectSnapshot> = {}): ConfigObjectSnapshot {
    counter += 1;
    return {
      id: randomUUID(),
      sort: 'IN_STACK' as ObjectSort,
      displayName: `object ${counter}`,
      parameters: {
        interfaceName: 'eth0',
        mtu: 1500,
        addresses: [{ ip: '192.0.2.10', prefix: 24 }],
        dhcp: false,
        gateway: null,
      },
      references: {},
      common: DEFAULT_COMMON,
      note: '',
      metadata: {},
      version: 0,
      ...overrides,
    };
  },

  any(lab: LabId, overrides: Partial<ConfigObjectSnapshot> = {}): ConfigObject {
    return new ConfigObject(lab, ConfigObjectMother.snapshot(overrides));
  },

  /** `overrides` on top of an object's current state, keeping its version (as a read-modify-write does). */
  changed(object: ConfigObject, overrides: Partial<ConfigObjectSnapshot>): ConfigObject {
    return new ConfigObject(object.lab, { ...object.snapshot(), ...overrides });
  },
};
