import type { DomainEvent } from '../../../../shared/domain/DomainEvent.js';

/** The working configuration became the running one: the simulator reconfigures itself from the committed revision. */
export interface ConfigurationCommitted extends DomainEvent {
  readonly name: 'ConfigurationCommitted';
  readonly commitId: string;
  readonly objectCount: number;
}

export interface ConfigurationReverted extends DomainEvent {
  readonly name: 'ConfigurationReverted';
}

/** The first change since the configuration was committed, reverted, cleaned or imported. */
export interface ConfigurationModified extends DomainEvent {
  readonly name: 'ConfigurationModified';
}

export interface ConfigurationCleaned extends DomainEvent {
  readonly name: 'ConfigurationCleaned';
  readonly removedCount: number;
}

export interface ConfigurationImported extends DomainEvent {
  readonly name: 'ConfigurationImported';
  readonly commitProtection: boolean;
  readonly objectCount: number;
}

export type ConfigurationEvent =
  ConfigurationCommitted | ConfigurationReverted | ConfigurationModified | ConfigurationCleaned | ConfigurationImported;
