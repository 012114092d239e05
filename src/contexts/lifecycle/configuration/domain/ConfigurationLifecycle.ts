import { StateMachine } from '../../../../shared/domain/StateMachine.js';

/**
 * Where a lab's working configuration stands against the committed one:
 * - committed: working equals committed (after a commit, a revert, or the factory installation);
 * - modified: an object was written since;
 * - cleaned: clean emptied the working configuration (revertible until committed);
 * - imported: a configuration file replaced the working configuration, not committed yet;
 * - imported-protected: the same with commit protection: view-only, neither committable nor writable
 *   until a revert or another import.
 */
export const CONFIGURATION_STATES = ['committed', 'modified', 'cleaned', 'imported', 'imported-protected'] as const;
export type ConfigurationStatus = (typeof CONFIGURATION_STATES)[number];

const ANY: readonly ConfigurationStatus[] = CONFIGURATION_STATES;

/**
 * The lifecycle as data. Triggers: a write → modified; commit → committed; revert → committed;
 * clean → cleaned; import → imported or imported-protected. Repeating a trigger keeps the state
 * (commit with nothing changed, a second write, a second clean). A protected import only leaves by revert
 * (→ committed) or another import; commit leads to committed too, so commit checks protection itself.
 */
export const CONFIGURATION_LIFECYCLE = new StateMachine<ConfigurationStatus>('configuration', {
  committed: ANY,
  modified: ANY,
  cleaned: ANY,
  imported: ANY,
  'imported-protected': ['committed', 'imported', 'imported-protected'],
});
