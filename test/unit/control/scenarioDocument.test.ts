import { expect } from 'chai';
import { DomainError } from '../../../src/shared/domain/DomainError.js';
import { evaluate, pathSegments, readPath } from '../../../src/contexts/control/scenarios/domain/JsonChecks.js';
import { parseScenario, type ScenarioParts } from '../../../src/contexts/control/scenarios/domain/ScenarioDocument.js';

const parts: ScenarioParts<unknown, unknown> = {
  faultRule: (json) => json,
  trafficChange: (json, field) => {
    if ((json as { running?: unknown }).running === 'yes')
      throw DomainError.invalid('X', 'bad', [{ field: `${field}.running`, rule: 'r', message: 'must be a boolean' }]);
    return json;
  },
};

function fields(document: unknown): string[] {
  try {
    parseScenario(document, parts);
  } catch (error) {
    expect(error).to.be.instanceOf(DomainError);
    expect((error as DomainError).code).to.equal('INVALID_SCENARIO');
    return (error as DomainError).details.map((d) => d.field!);
  }
  throw new Error('the document was accepted');
}

describe('scenario documents', () => {
  it('reads a document: steps in the order of their instants, durations in ms, the seed', () => {
    const scenario = parseScenario(
      {
        formatVersion: 1,
        name: 'night',
        description: 'x',
        seed: {
          licenses: [{ name: 'L', sessions: 4, validFrom: '-P1D', validUntil: 'PT10M' }],
          clock: { start: '2026-11-23T09:00:00+01:00', mode: 'scaled', scale: 600 },
        },
        steps: [
          { at: 'PT10M', clearFault: 'm' },
          { at: 'PT5M', fault: { label: 'm', effect: { kind: 'monitorUnreachable' } } },
          {
            at: 'PT5M',
            expect: { read: 'GET /api/version/get', that: [{ path: 'monitor', equals: 'Service Unavailable' }] },
          },
        ],
      },
      parts,
    );
    expect(scenario.steps.map((s) => [s.index, s.atMs])).to.deep.equal([
      [1, 300_000],
      [2, 300_000],
      [0, 600_000],
    ]);
    expect(scenario.seed.licenses[0]).to.include({ sessions: 4, validFromMs: -86_400_000, validUntilMs: 600_000 });
    expect(scenario.seed.clock).to.deep.equal({
      start: new Date('2026-11-23T08:00:00Z'),
      mode: 'scaled',
      scale: 600,
      afterwards: 'wall',
    });
  });

  it('names every faulty field', () => {
    expect(
      fields({
        formatVersion: 2,
        name: 'Bad Name',
        extra: 1,
        seed: {
          licenses: [{ name: 'L', sessions: 0 }],
          clock: { mode: 'real', scale: 5, afterwards: 'later' },
          traffic: { running: 'yes' },
        },
        steps: [
          { at: 'soon', clock: { advance: 'PT1H' } },
          { at: 'PT1M' },
          { at: 'PT2M', clearFault: 'unknown' },
          {
            at: 'PT3M',
            expect: {
              read: 'GET /api/x',
              that: [{ path: 'a..b', equals: 1 }, { path: 'a', atLeast: 'x' }, { count: { where: 3 } }],
            },
          },
          { at: 'PT4M', request: { method: 'PATCH', path: '/etc/passwd' } },
        ],
      }),
    ).to.include.members([
      'formatVersion',
      'name',
      'extra',
      'seed.licenses[0].sessions',
      'seed.clock.scale',
      'seed.clock.afterwards',
      'seed.traffic.running',
      'steps[0].at',
      'steps[1]',
      'steps[2].clearFault',
      'steps[3].expect.that[0].path',
      'steps[3].expect.that[1].atLeast',
      'steps[3].expect.that[2].count',
      'steps[4].request.method',
      'steps[4].request.path',
    ]);
    expect(
      fields({
        formatVersion: 1,
        name: 'x',
        seed: { licenses: [{ name: 'L', sessions: 1, validFrom: 'PT1H', validUntil: 'PT1M' }] },
      }),
    ).to.deep.equal(['seed.licenses[0].validUntil']);
    expect(fields('not a scenario')).to.deep.equal(['scenario']);
  });
});

describe('expectation checks', () => {
  const answer = {
    counters: { active: 7, byResult: { ANSWERED: 3 } },
    entries: [
      { cause: 34, node: 'A' },
      { cause: 16, node: 'B' },
      { cause: 34, node: 'B' },
    ],
    monitor: 'Service Unavailable',
  };

  it('reads paths of fields and indices', () => {
    expect(pathSegments('entries[1].cause')).to.deep.equal(['entries', 1, 'cause']);
    expect(pathSegments('a..b')).to.equal(undefined);
    expect(readPath(answer, 'entries[2].node')).to.equal('B');
    expect(readPath(answer, 'entries.length')).to.equal(3);
    expect(readPath(answer, 'nothing.here')).to.equal(undefined);
  });

  it('evaluates each operator, recording what was read', () => {
    const check = (operator: string, expected: unknown, path = 'counters.active') =>
      evaluate({ path, operator: operator as never, expected }, answer);
    expect(check('equals', 7).passed).to.equal(true);
    expect(check('equals', 8)).to.deep.include({ passed: false, actual: 7, expected: 8 });
    expect(check('notEquals', 8).passed).to.equal(true);
    expect(check('in', [1, 7]).passed).to.equal(true);
    expect(check('atLeast', 7).passed).to.equal(true);
    expect(check('atLeast', 8).passed).to.equal(false);
    expect(check('atMost', 6).passed).to.equal(false);
    expect(check('atLeast', 1, 'monitor').passed, 'a text is no number').to.equal(false);
    expect(check('contains', 'Unavailable', 'monitor').passed).to.equal(true);
    expect(check('contains', { cause: 16 }, 'entries').passed).to.equal(true);
    expect(check('contains', { cause: 99 }, 'entries').passed).to.equal(false);
    expect(check('exists', false, 'counters.missing').passed).to.equal(true);
    expect(check('count', { where: { cause: 34 }, equals: 2 }, 'entries')).to.deep.include({ passed: true, actual: 2 });
    expect(check('count', { where: { cause: 34, node: 'A' }, atLeast: 2 }, 'entries')).to.deep.include({
      passed: false,
      actual: 1,
    });
    expect(check('count', { atMost: 2 }, 'entries')).to.deep.include({ passed: false, actual: 3 });
    expect(check('count', { atLeast: 0 }, 'monitor').passed, 'count needs an array').to.equal(false);
  });
});
