import { expect } from 'chai';
import type { DialStringMatcher } from '../../../../src/contexts/configuration/routing/domain/RouteModel.js';
import { A, B, OUTSIDE, wildcard, plain, filter, target, route, plan, call, routed } from './routingPlanSupport.js';

describe('RoutingPlan: which route a call takes', () => {
  it('the first matching route wins, top-down', () => {
    expect(
      routed([
        route('first', [filter({ destinationDialString: plain('03') })]),
        route('second', [filter({ destinationDialString: plain('0') })]),
      ]),
    ).to.equal('first');
    expect(
      routed([
        route('first', [filter({ destinationDialString: plain('0') })]),
        route('second', [filter({ destinationDialString: plain('03') })]),
      ]),
    ).to.equal('first');
  });

  it('a route that does not match passes the call on to the next', () => {
    expect(
      routed([route('mobile', [filter({ destinationDialString: plain('017') })]), route('rest', [filter()])]),
    ).to.equal('rest');
  });

  it('no matching route: no route', () => {
    expect(plan([route('mobile', [filter({ destinationDialString: plain('017') })])]).match(call())).to.equal(
      undefined,
    );
  });

  it('disabled routes are skipped', () => {
    expect(routed([route('off', [filter()], { enabled: false }), route('on', [filter()])])).to.equal('on');
  });

  it('a route without filters never matches', () => {
    expect(routed([route('empty', []), route('catch-all', [filter()])])).to.equal('catch-all');
  });

  it('a route matches when any of its filters matches; the first matching filter is reported', () => {
    const match = plan([
      route('any', [
        filter({ destinationDialString: plain('9') }),
        filter({ destinationDialString: plain('0') }),
        filter(),
      ]),
    ]).match(call());
    expect(match?.route.displayName).to.equal('any');
    expect(match?.filterIndex).to.equal(1);
    expect(match?.routeIndex).to.equal(0);
  });

  it('every matcher of a filter must match', () => {
    const both = [route('both', [filter({ destinationDialString: plain('030'), sourceDialString: plain('+49') })])];
    expect(routed(both)).to.equal('both');
    expect(routed(both, { source: '+43111' })).to.equal(undefined);
    expect(routed(both, { destination: '040' })).to.equal(undefined);
  });

  it('a NEVER matcher makes its filter never match, whatever the others say', () => {
    expect(
      routed([route('never', [filter({ sourceDialString: { type: 'NEVER' } })]), route('next', [filter()])]),
    ).to.equal('next');
  });

  for (const [role, matcherField] of [
    ['source', 'sourceDialString'],
    ['firstDiversion', 'firstDiversionDialString'],
    ['lastDiversion', 'lastDiversionDialString'],
    ['transferrer', 'transferrerDialString'],
    ['destination', 'destinationDialString'],
  ] as const) {
    it(`the ${matcherField} matcher looks at the call's ${role} dial string`, () => {
      const routes = [route('by-role', [filter({ [matcherField]: wildcard('7??') })])];
      expect(routed(routes, { [role]: '701' })).to.equal('by-role');
      expect(routed(routes, { [role]: '801' })).to.equal(undefined);
    });
  }

  it('a dial string the call lacks is the empty string to the matchers', () => {
    expect(routed([route('any-diversion', [filter({ lastDiversionDialString: plain('') })])])).to.equal(
      'any-diversion',
    );
    expect(routed([route('star', [filter({ firstDiversionDialString: wildcard('*') })])])).to.equal('star');
    expect(routed([route('diverted', [filter({ lastDiversionDialString: wildcard('8*') })])])).to.equal(undefined);
  });

  it('a filter with sourceNodeIds applies only to calls from those nodes', () => {
    const routes = [route('from-b', [filter({ sourceNodeIds: [B] })]), route('rest', [filter()])];
    expect(routed(routes, { sourceNodeId: B })).to.equal('from-b');
    expect(routed(routes, { sourceNodeId: A })).to.equal('rest');
  });

  it('a call from a node that is not a source node of the domain has no route', () => {
    expect(
      routed([route('catch-all', [filter()]), route('named', [filter({ sourceNodeIds: [OUTSIDE] })])], {
        sourceNodeId: OUTSIDE,
      }),
    ).to.equal(undefined);
  });

  it('pathReplacement mode evaluates pathReplacementRoutes, establishment mode routes', () => {
    const compiled = plan(
      [route('establish', [filter()])],
      [route('replace', [filter({ destinationDialString: plain('030') })])],
    );
    expect(compiled.match(call())?.route.displayName).to.equal('establish');
    expect(compiled.match(call(), 'establishment')?.route.displayName).to.equal('establish');
    expect(compiled.match(call(), 'pathReplacement')?.route.displayName).to.equal('replace');
    expect(compiled.match(call({ destination: '040' }), 'pathReplacement')).to.equal(undefined);
  });

  it("answers the route's action and its targets in order, with node and forward profile", () => {
    const match = plan([
      route('reject', [filter()], {
        establishment: {
          action: 'REJECT',
          routingTargets: [
            target({ destinationNodeId: 'n1', routingForwardProfileId: 'p1' }),
            target({ destinationNodeId: 'n2' }),
          ],
        },
      }),
    ]).match(call());
    expect(match?.action).to.equal('REJECT');
    expect(match?.targets.map((t) => [t.destinationNodeId, t.routingForwardProfileId])).to.deep.equal([
      ['n1', 'p1'],
      ['n2', ''],
    ]);
    expect(match?.targets[0]!.target.destinationNodeId).to.equal('n1');
  });

  it('the index answers as a top-down scan would, for random domains and calls', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const digits = (n: number) => Array.from({ length: n }, () => String(random(3))).join('');
    const matchers = (): DialStringMatcher | undefined => {
      switch (random(7)) {
        case 0:
          return { type: 'DIRECTORY', directory: [digits(3), digits(4)] };
        case 1:
          return {
            type: 'EXTENSION_RANGE',
            extensionRange: {
              trunk: digits(random(3)),
              firstExtension: '0' + digits(1),
              lastExtension: '2' + digits(1),
              zeroExtend: random(2) === 0,
            },
          };
        case 2:
          return wildcard(digits(random(3)) + ['*', '?', '*1', '?2*'][random(4)]);
        case 3:
          return plain(digits(random(3)), digits(random(2)));
        case 4:
          return random(5) === 0 ? { type: 'NEVER' } : undefined;
        default:
          return undefined;
      }
    };
    for (let domain = 0; domain < 30; domain += 1) {
      const routes = Array.from({ length: 40 }, (_, index) =>
        route(
          `r${index}`,
          Array.from({ length: 1 + random(2) }, () =>
            filter({
              sourceNodeIds: random(4) === 0 ? [B] : [],
              destinationDialString: matchers(),
              sourceDialString: random(6) === 0 ? plain(digits(1)) : undefined,
            }),
          ),
          { enabled: random(10) !== 0 },
        ),
      );
      const compiled = plan(routes);
      for (let n = 0; n < 200; n += 1) {
        const probe = call({ sourceNodeId: random(2) ? A : B, destination: digits(random(6)), source: digits(2) });
        const expected = routes.findIndex(
          (candidate) =>
            candidate.enabled &&
            candidate.filters.some(
              (f) =>
                (f.sourceNodeIds.length === 0 || f.sourceNodeIds.includes(probe.sourceNodeId)) &&
                [
                  ['destinationDialString', probe.destination],
                  ['sourceDialString', probe.source],
                ].every(([field, text]) => {
                  const matcher = f[field as 'destinationDialString'];
                  return (
                    !matcher ||
                    plan([route('one', [filter({ destinationDialString: matcher })])]).match(
                      call({ destination: text! }),
                    ) !== undefined
                  );
                }),
            ),
        );
        expect(
          compiled.match(probe)?.routeIndex ?? -1,
          `${probe.sourceNodeId} ${probe.source} → ${probe.destination}`,
        ).to.equal(expected);
      }
    }
  });
});
