import { expect } from 'chai';
import { DomainError } from '../../../src/shared/domain/DomainError.js';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import {
  CONFIGURATION_STATE_MACHINE,
  CONFIGURATION_STATUSES,
  type ConfigurationStatus,
} from '../../../src/contexts/configuration/revisions/domain/ConfigurationState.js';
import { ConfigurationState } from '../../../src/contexts/configuration/revisions/domain/ConfigurationState.js';

const AT = new Date('2026-03-01T08:00:00Z');
const LATER = new Date('2026-03-01T09:00:00Z');

function inState(status: ConfigurationStatus): ConfigurationState {
  return new ConfigurationState(DEFAULT_LAB, {
    status,
    lastCommit: { id: 'c0', at: AT },
    changedAt: AT,
    importedFileName: status.startsWith('imported') ? 'file.xzconfig' : undefined,
    version: 3,
  });
}

function refusal(work: () => void): DomainError | undefined {
  try {
    work();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  return undefined;
}

/** The expected table, written out pair by pair: row = from, column = to (c m cl i ip). */
const EXPECTED: Record<ConfigurationStatus, string> = {
  committed: 'c m cl i ip',
  modified: 'c m cl i ip',
  cleaned: 'c m cl i ip',
  imported: 'c m cl i ip',
  'imported-protected': 'c - -  i ip',
};
const SHORT: Record<ConfigurationStatus, string> = {
  committed: 'c',
  modified: 'm',
  cleaned: 'cl',
  imported: 'i',
  'imported-protected': 'ip',
};

type Trigger = 'write' | 'commit' | 'revert' | 'clean' | 'import' | 'import protected';
const TRIGGERS: Record<Trigger, (state: ConfigurationState) => void> = {
  write: (s) => s.modify(LATER),
  commit: (s) => s.commit('c1', LATER, 7),
  revert: (s) => s.revert(LATER),
  clean: (s) => s.clean(LATER, 4),
  import: (s) => s.imported(LATER, false, 'new.xzconfig', 9),
  'import protected': (s) => s.imported(LATER, true, 'new.xzconfig', 9),
};

/** Outcome of each trigger in each state: the next state, or the code of the refusal. */
const OUTCOMES: Record<ConfigurationStatus, Record<Trigger, string>> = {
  committed: {
    write: 'modified',
    commit: 'committed',
    revert: 'committed',
    clean: 'cleaned',
    import: 'imported',
    'import protected': 'imported-protected',
  },
  modified: {
    write: 'modified',
    commit: 'committed',
    revert: 'committed',
    clean: 'cleaned',
    import: 'imported',
    'import protected': 'imported-protected',
  },
  cleaned: {
    write: 'modified',
    commit: 'committed',
    revert: 'committed',
    clean: 'cleaned',
    import: 'imported',
    'import protected': 'imported-protected',
  },
  imported: {
    write: 'modified',
    commit: 'committed',
    revert: 'committed',
    clean: 'cleaned',
    import: 'imported',
    'import protected': 'imported-protected',
  },
  'imported-protected': {
    write: 'CONFIGURATION_COMMIT_PROTECTED',
    commit: 'CONFIGURATION_COMMIT_PROTECTED',
    revert: 'committed',
    clean: 'CONFIGURATION_COMMIT_PROTECTED',
    import: 'imported',
    'import protected': 'imported-protected',
  },
};

describe('the configuration lifecycle', () => {
  it('has the five states of the specification', () => {
    expect(CONFIGURATION_STATE_MACHINE.states).to.deep.equal([...CONFIGURATION_STATUSES]);
    expect(CONFIGURATION_STATUSES).to.deep.equal([
      'committed',
      'modified',
      'cleaned',
      'imported',
      'imported-protected',
    ]);
  });

  for (const from of CONFIGURATION_STATUSES) {
    for (const to of CONFIGURATION_STATUSES) {
      const allowed = EXPECTED[from].split(/\s+/).includes(SHORT[to]);
      it(`${allowed ? 'allows' : 'refuses'} the move from ${from} to ${to}`, () => {
        expect(CONFIGURATION_STATE_MACHINE.canTransition(from, to)).to.equal(allowed);
        const error = refusal(() => CONFIGURATION_STATE_MACHINE.transition(from, to));
        if (allowed) expect(error).to.equal(undefined);
        else expect(error?.code).to.equal('CONFIGURATION_TRANSITION_REFUSED');
      });
    }
  }

  for (const from of CONFIGURATION_STATUSES) {
    for (const trigger of Object.keys(TRIGGERS) as Trigger[]) {
      const outcome = OUTCOMES[from][trigger];
      it(`when ${from}, ${trigger} ${outcome === outcome.toUpperCase() ? `is refused with ${outcome}` : `leads to ${outcome}`}`, () => {
        const state = inState(from);
        const error = refusal(() => TRIGGERS[trigger](state));
        if (outcome === outcome.toUpperCase()) {
          expect(error?.code).to.equal(outcome);
          expect(error?.kind).to.equal('conflict');
          expect(state.status).to.equal(from);
          expect(state.pullEvents()).to.deep.equal([]);
        } else {
          expect(error).to.equal(undefined);
          expect(state.status).to.equal(outcome);
        }
      });
    }
  }
});

describe('the configuration state', () => {
  it('records the commit and raises ConfigurationCommitted with lab, commit id and object count', () => {
    const state = inState('modified');
    state.commit('c1', LATER, 7);
    expect(state.lastCommit).to.deep.equal({ id: 'c1', at: LATER });
    expect(state.hasUncommittedChanges).to.equal(false);
    expect(state.pullEvents()).to.deep.equal([
      { name: 'ConfigurationCommitted', lab: DEFAULT_LAB, occurredAt: LATER, commitId: 'c1', objectCount: 7 },
    ]);
  });

  it('raises ConfigurationModified on the first write only', () => {
    const state = inState('committed');
    state.modify(LATER);
    state.modify(LATER);
    expect(state.pullEvents().map((e) => e.name)).to.deep.equal(['ConfigurationModified']);
    expect(state.hasUncommittedChanges).to.equal(true);
    expect(state.changedAt).to.equal(LATER);
  });

  it('is view-only after a protected import: commit protection, uncommitted changes, the file name', () => {
    const state = inState('committed');
    state.imported(LATER, true, 'lab.xzconfig', 9);
    expect(state.commitProtection).to.equal(true);
    expect(state.hasUncommittedChanges).to.equal(true);
    expect(state.importedFileName).to.equal('lab.xzconfig');
    expect(state.pullEvents()).to.deep.equal([
      { name: 'ConfigurationImported', lab: DEFAULT_LAB, occurredAt: LATER, commitProtection: true, objectCount: 9 },
    ]);
    expect(refusal(() => state.assertCommittable())?.message)
      .to.contain('commitProtection=true')
      .and.contain('revert');
    state.revert(LATER);
    expect(state.commitProtection).to.equal(false);
    expect(state.importedFileName).to.equal(undefined);
    expect(state.lastCommit).to.deep.equal({ id: 'c0', at: AT });
  });

  it('starts a never-installed lab as committed, without a commit, not stored', () => {
    const state = ConfigurationState.initial(DEFAULT_LAB, AT);
    expect(state.status).to.equal('committed');
    expect(state.lastCommit).to.equal(undefined);
    expect(state.isNew).to.equal(true);
  });
});
