import type { ObjectSort } from '../../graph/domain/ObjectSort.js';

export const CONNECTION_KINDS = [
  'STANDARD',
  'PLAIN',
  'SIP_LOAD_BALANCING',
  'SIP_REGISTRATION',
  'SRV_LOAD_BALANCER',
] as const;
export type ConnectionKind = (typeof CONNECTION_KINDS)[number];

/** The sort of the graph each kind is stored as. */
export const SORT_OF_KIND: Readonly<Record<ConnectionKind, ObjectSort>> = {
  STANDARD: 'AN_SIPRT_ROUTE',
  PLAIN: 'SIPRT_PLAIN_ROUTE',
  SIP_LOAD_BALANCING: 'AN_SIPLB_STACK',
  SIP_REGISTRATION: 'SIPUA_REGISTRATION',
  SRV_LOAD_BALANCER: 'SRVLB_STACK',
};

export function kindOfSort(sort: ObjectSort): ConnectionKind | undefined {
  return CONNECTION_KINDS.find((kind) => SORT_OF_KIND[kind] === sort);
}

/** The kinds that authenticate at their peer and may carry an asserted identity. */
export function authenticates(kind: ConnectionKind): boolean {
  return kind !== 'SIP_LOAD_BALANCING';
}

/** The kinds that register and so have an address of record. */
export function registers(kind: ConnectionKind): boolean {
  return kind === 'STANDARD' || kind === 'SIP_REGISTRATION';
}
