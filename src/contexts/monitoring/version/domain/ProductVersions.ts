/** A component's software version as the gateway reports it. */
export interface SoftwareVersion {
  readonly versionMajor: number;
  readonly versionMinor: number;
  readonly versionRelease: number;
}

export const COMPONENTS = ['core', 'administration', 'frontend', 'monitor', 'java', 'ucma'] as const;
export type Component = (typeof COMPONENTS)[number];

/** Components listed when no `product` is asked for; `ucma` answers only when selected. */
export const DEFAULT_COMPONENTS: readonly Component[] = ['core', 'administration', 'frontend', 'java', 'monitor'];

/** The simulated gateway's release: one consistent set of component versions. */
export const PRODUCT_RELEASE = {
  core: { versionMajor: 4, versionMinor: 14, versionRelease: 2 },
  administration: { versionMajor: 4, versionMinor: 14, versionRelease: 2 },
  frontend: { versionMajor: 4, versionMinor: 14, versionRelease: 2 },
  monitor: { versionMajor: 4, versionMinor: 14, versionRelease: 2 },
  ucma: { versionMajor: 4, versionMinor: 14, versionRelease: 0 },
  java: { version: '17.0.15' },
} as const;
