/** What the gateway machine reports: disk and RAM in bytes, CPU load in percent (0 to 100). */
export interface ResourceUsage {
  readonly disk: { readonly total: number; readonly used: number };
  readonly cpu: number;
  readonly ram: { readonly total: number; readonly used: number };
}

export const RESOURCE_KINDS = ['disk', 'cpu', 'ram'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

const GIB = 1024 ** 3;

/** The simulated machine: a small appliance with 8 GiB of RAM and a 64 GiB disk. */
export const MACHINE = {
  diskTotal: 64 * GIB,
  diskBaseUsed: 11.5 * GIB,
  ramTotal: 8 * GIB,
  ramBaseUsed: 2.25 * GIB,
} as const;
