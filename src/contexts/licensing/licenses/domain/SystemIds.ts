import { createHash } from 'node:crypto';
import type { LabId } from '../../../../shared/domain/LabId.js';

export interface SystemId {
  readonly id: string;
  readonly type: 'MACHINE' | 'NETWORK_ADAPTER';
  readonly description: string;
}

/**
 * The device ids of a lab's gateway: derived from the lab id alone (SHA-256), so they are the same at every
 * start, on both stores and for every installation; two labs never share them.
 */
export function systemIdsOf(lab: LabId): SystemId[] {
  const hash = createHash('sha256').update(`gwsim-system-id:${lab}`).digest('hex').toUpperCase();
  const machine = `GW-${hash.slice(0, 4)}-${hash.slice(4, 8)}-${hash.slice(8, 12)}-${hash.slice(12, 16)}`;
  const mac = `02:${[16, 18, 20, 22, 24].map((i) => hash.slice(i, i + 2)).join(':')}`;
  return [
    { id: machine, type: 'MACHINE', description: 'machine id of the gateway' },
    { id: mac, type: 'NETWORK_ADAPTER', description: 'MAC address of the first network adapter (eth0)' },
  ];
}
