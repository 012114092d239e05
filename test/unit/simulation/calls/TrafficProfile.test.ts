import { expect } from 'chai';
import { DomainError } from '../../../../src/shared/domain/DomainError.js';
import {
  CALL_STATE_MACHINE,
  CALL_STATES,
  type CallState,
} from '../../../../src/contexts/simulation/calls/domain/CallState.js';
import {
  DEFAULT_TRAFFIC_PROFILE,
  trafficProfile,
  type TrafficProfileInput,
} from '../../../../src/contexts/simulation/calls/domain/TrafficProfile.js';
import { parseTrafficProfile } from '../../../../src/contexts/simulation/index.js';

function fields(input: TrafficProfileInput): string[] {
  try {
    trafficProfile(input);
  } catch (error) {
    if (error instanceof DomainError) return error.details.map((d) => d.field!);
    throw error;
  }
  return [];
}

describe('TrafficProfile', () => {
  it('omitted fields take the defaults; weight maps given are taken whole (absent keys weigh 0)', () => {
    const profile = trafficProfile({ callsPerSecond: 3, outcomes: { busy: 1 } });
    expect(profile.callsPerSecond).to.equal(3);
    expect(profile.holdingTime).to.deep.equal(DEFAULT_TRAFFIC_PROFILE.holdingTime);
    expect(profile.outcomes).to.deep.equal({ answer: 0, busy: 1, noAnswer: 0, failure: 0, cancel: 0 });
  });

  it('names every faulty field', () => {
    expect(fields({ callsPerSecond: 0 })).to.deep.equal(['profile.callsPerSecond']);
    expect(fields({ holdingTime: { distribution: 'lognormal', meanSeconds: 10 } })).to.deep.equal([
      'profile.holdingTime.sdSeconds',
    ]);
    expect(fields({ outcomes: { answer: 0 } })).to.deep.equal(['profile.outcomes']);
    expect(fields({ codecs: { PCMA: -1, opus: 1 } })).to.deep.equal(['profile.codecs.PCMA']);
    expect(fields({ ringTimeSeconds: { min: 5, max: 2 } })).to.deep.equal(['profile.ringTimeSeconds.max']);
    expect(fields({ packetLossPercent: 101, recordedShare: 2, seed: -1 })).to.deep.equal([
      'profile.seed',
      'profile.packetLossPercent',
      'profile.recordedShare',
    ]);
    expect(
      fields({
        numberPlans: [
          { nodeId: 'a', callingPrefix: '+49', callingDigits: 5, called: [{ pattern: '03x', weight: 1 }], weight: 1 },
          { nodeId: 'a', callingPrefix: 'abc', callingDigits: 5, called: [], weight: 1 },
        ],
      }),
    ).to.deep.equal([
      'profile.numberPlans[0].called[0].pattern',
      'profile.numberPlans[1].nodeId',
      'profile.numberPlans[1].callingPrefix',
      'profile.numberPlans[1].called',
    ]);
  });
});

describe('call lifecycle', () => {
  const allowed: Record<CallState, CallState[]> = {
    trying: ['early', 'connected', 'terminating', 'terminated'],
    early: ['connected', 'terminating', 'terminated', 'trying'],
    connected: ['terminating'],
    terminating: ['terminated'],
    terminated: [],
  };
  for (const from of CALL_STATES) {
    for (const to of CALL_STATES) {
      it(`${from} → ${to} is ${allowed[from].includes(to) ? 'allowed' : 'refused'}`, () => {
        if (allowed[from].includes(to)) expect(CALL_STATE_MACHINE.transition(from, to)).to.equal(to);
        else expect(() => CALL_STATE_MACHINE.transition(from, to)).to.throw(DomainError);
      });
    }
  }
});

describe('parseTrafficProfile (a profile file)', () => {
  const refusal = (json: unknown): DomainError => {
    try {
      parseTrafficProfile(json);
    } catch (error) {
      if (error instanceof DomainError) return error;
      throw error;
    }
    throw new Error('expected a refusal');
  };

  it('takes a partial profile and completes it with the defaults', () => {
    const profile = parseTrafficProfile({
      seed: 8,
      numberPlans: [{ nodeId: 'n1', callingPrefix: '+49', callingDigits: 6, called: [{ pattern: '0N', weight: 1 }] }],
    });
    expect(profile.seed).to.equal(8);
    expect(profile.numberPlans[0]!.weight).to.equal(1);
    expect(profile.codecs).to.deep.equal(DEFAULT_TRAFFIC_PROFILE.codecs);
  });

  it('names the field of a wrong type, an unknown field and a broken rule', () => {
    const typed = refusal({ callsPerSecond: '5' });
    expect([typed.code, typed.details[0]!.field]).to.deep.equal(['VALIDATION_FAILED', 'profile.callsPerSecond']);
    const unknown = refusal({ callsPerMinute: 5 });
    expect([unknown.code, unknown.details[0]!.field]).to.deep.equal(['UNKNOWN_FIELD', 'profile.callsPerMinute']);
    const nested = refusal({ holdingTime: { distribution: 'exponential', meanSeconds: 1, median: 3 } });
    expect(nested.details.map((d) => d.field)).to.deep.equal(['profile.holdingTime.median']);
    const rule = refusal({ ringTimeSeconds: { min: 9, max: 3 } });
    expect([rule.code, rule.details[0]!.field]).to.deep.equal([
      'INVALID_TRAFFIC_PROFILE',
      'profile.ringTimeSeconds.max',
    ]);
  });
});
