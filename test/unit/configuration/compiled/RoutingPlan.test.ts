import { expect } from 'chai';
import { DomainError } from '../../../../src/shared/domain/DomainError.js';
import type {
  DialStringMatcher,
  RewriteSegment,
  RouteFilter,
  RouteSpec,
  RoutingTarget,
} from '../../../../src/contexts/configuration/routing/domain/RouteModel.js';
import {
  checkRoute,
  compileRoutingDomain,
  type RoutingCall,
} from '../../../../src/contexts/configuration/routing/domain/compiled/RoutingPlan.js';

const A = 'node-a';
const B = 'node-b';
const OUTSIDE = 'node-outside';

const wildcard = (wildcardPattern: string): DialStringMatcher => ({ type: 'WILDCARD', wildcardPattern });
const plain = (prefix: string, suffix = ''): DialStringMatcher => ({ type: 'PLAIN', plain: { prefix, suffix } });

function filter(fields: Partial<RouteFilter> = {}): RouteFilter {
  return { sourceNodeIds: [], ...fields };
}

function target(fields: Partial<RoutingTarget> = {}): RoutingTarget {
  return { destinationNodeId: 'node-out', routingForwardProfileId: '', ...fields };
}

function route(displayName: string, filters: readonly RouteFilter[], fields: Partial<RouteSpec> = {}): RouteSpec {
  return {
    id: `id-${displayName}`,
    displayName,
    enabled: true,
    establishment: { action: 'ACCEPT', routingTargets: [target()] },
    filters,
    ...fields,
  };
}

function plan(routes: readonly RouteSpec[], pathReplacementRoutes: readonly RouteSpec[] = []) {
  return compileRoutingDomain({ id: 'domain', sourceNodeIds: [A, B], routes, pathReplacementRoutes });
}

function call(fields: Partial<RoutingCall> = {}): RoutingCall {
  return { sourceNodeId: A, source: '+4930111', destination: '0301234', ...fields };
}

function routed(routes: readonly RouteSpec[], fields: Partial<RoutingCall> = {}): string | undefined {
  return plan(routes).match(call(fields))?.route.displayName;
}

function refusal(work: () => unknown): DomainError {
  try {
    work();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

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

describe("RoutingPlan: the targets' dial strings", () => {
  const CALL = call({
    source: '+4930111',
    destination: '0301234',
    firstDiversion: '700',
    lastDiversion: '800',
    elin: '112',
  });

  function segment(fields: Partial<RewriteSegment> = {}): RewriteSegment {
    return {
      prefix: '',
      suffix: '',
      delLeading: 0,
      delTrailing: 0,
      keepLeading: 0,
      keepTrailing: 0,
      matchedPart: 0,
      source: 'MOST_APPROPRIATE',
      ...fields,
    };
  }

  /** The destination a target with these segments sends, the call matched by WILDCARD 030* (capture 1 = 1234). */
  function destination(
    segments: readonly RewriteSegment[],
    matched: RouteFilter = filter({ destinationDialString: wildcard('030*') }),
  ): string {
    const routes = [
      route('r', [matched], {
        establishment: { action: 'ACCEPT', routingTargets: [target({ destinationDialStringRewriting: { segments } })] },
      }),
    ];
    return plan(routes).match(CALL)!.targets[0]!.dialStrings.destination;
  }

  const ROWS: readonly [string, readonly Partial<RewriteSegment>[], string][] = [
    ['no segments: unchanged', [], '0301234'],
    ['MOST_APPROPRIATE, whole: the destination itself', [{}], '0301234'],
    ['prefix and suffix wrap the segment', [{ prefix: '+49', suffix: '#' }], '+490301234#'],
    ['delLeading', [{ delLeading: 1 }], '301234'],
    ['delTrailing', [{ delTrailing: 2 }], '03012'],
    ['delLeading beyond the length: empty', [{ delLeading: 20, prefix: 'p' }], 'p'],
    ['delLeading and delTrailing together never go below empty', [{ delLeading: 4, delTrailing: 4 }], ''],
    ['keepLeading', [{ keepLeading: 3 }], '030'],
    ['keepTrailing', [{ keepTrailing: 4 }], '1234'],
    ['keepLeading then keepTrailing', [{ keepLeading: 5, keepTrailing: 2 }], '12'],
    ['keep more than there is: all', [{ keepLeading: 50, keepTrailing: 50 }], '0301234'],
    ['deletes before keeps', [{ delLeading: 1, keepLeading: 2 }], '30'],
    ['matchedPart 1: the wildcard capture', [{ matchedPart: 1, prefix: '+49301' }], '+493011234'],
    ['matchedPart beyond the captures: empty', [{ matchedPart: 2, prefix: 'x' }], 'x'],
    ['source SOURCE', [{ source: 'SOURCE' }], '+4930111'],
    ['source DESTINATION', [{ source: 'DESTINATION', delLeading: 3 }], '1234'],
    ['source FIRST_DIVERSION', [{ source: 'FIRST_DIVERSION' }], '700'],
    ['source LAST_DIVERSION', [{ source: 'LAST_DIVERSION' }], '800'],
    ['source TRANSFERRER of a call without one: empty', [{ source: 'TRANSFERRER', prefix: 't' }], 't'],
    ['source NONE: prefix and suffix only', [{ source: 'NONE', prefix: '+49', suffix: '0', matchedPart: 1 }], '+490'],
    [
      'matchedPart of a dial string no matcher looked at: empty',
      [{ source: 'SOURCE', matchedPart: 1, prefix: 's' }],
      's',
    ],
    [
      'segments are concatenated',
      [
        { source: 'NONE', prefix: '+49' },
        { delLeading: 1, keepTrailing: 6 },
        { source: 'LAST_DIVERSION', prefix: ';div=' },
      ],
      '+49301234;div=800',
    ],
  ];
  for (const [name, segments, expected] of ROWS) {
    it(name, () => expect(destination(segments.map(segment))).to.equal(expected));
  }

  it('matchedPart 1 of an EXTENSION_RANGE is the extension, of PLAIN what lies between prefix and suffix', () => {
    const extension = filter({
      destinationDialString: {
        type: 'EXTENSION_RANGE',
        extensionRange: { trunk: '0301', firstExtension: '000', lastExtension: '999', zeroExtend: false },
      },
    });
    expect(destination([segment({ matchedPart: 1, prefix: 'ext ' })], extension)).to.equal('ext 234');
    expect(destination([segment({ matchedPart: 1 })], filter({ destinationDialString: plain('03', '4') }))).to.equal(
      '0123',
    );
  });

  it('matchedPart uses the matcher of the dial string the segment takes', () => {
    const matched = filter({ destinationDialString: wildcard('030*'), lastDiversionDialString: wildcard('8??') });
    expect(destination([segment({ source: 'LAST_DIVERSION', matchedPart: 1 })], matched)).to.equal('00');
  });

  it('each rewriting works on its own dial string; without one a dial string is sent as it came', () => {
    const mostAppropriate = { segments: [segment({ prefix: '>' })] };
    const routes = [
      route('r', [filter()], {
        establishment: {
          action: 'ACCEPT',
          routingTargets: [
            target({
              sourceDialStringRewriting: mostAppropriate,
              elinDialStringRewriting: mostAppropriate,
              assertedDialStringRewriting: { segments: [segment({ source: 'SOURCE', keepTrailing: 3 })] },
            }),
            target(),
          ],
        },
      }),
    ];
    const [rewritten, untouched] = plan(routes).match(CALL)!.targets;
    expect(rewritten!.dialStrings).to.deep.equal({
      source: '>+4930111',
      destination: '0301234',
      elin: '>112',
      asserted: '111',
    });
    expect(untouched!.dialStrings).to.deep.equal({ source: '+4930111', destination: '0301234', elin: '112' });
  });

  it('the transferrer rewriting takes the transferrer', () => {
    const routes = [
      route('r', [filter()], {
        establishment: {
          action: 'ACCEPT',
          routingTargets: [target({ transferrerDialStringRewriting: { segments: [segment({ delLeading: 1 })] } })],
        },
      }),
    ];
    expect(plan(routes).match(call({ transferrer: '0555' }))!.targets[0]!.dialStrings.transferrer).to.equal('555');
  });

  it('each target carries its failover predicate', () => {
    const routes = [
      route('r', [filter()], {
        establishment: {
          action: 'ACCEPT',
          routingTargets: [
            target({ failoverStatusMatch: { sipStatusCodes: '408,480-486,500-599', telStatusList: ['USER_BUSY'] } }),
            target(),
          ],
        },
      }),
    ];
    const [first, last] = plan(routes).match(call())!.targets;
    expect([408, 486, 503, 404, 'USER_BUSY' as const, 'NO_ANSWER' as const].map(first!.failover)).to.deep.equal([
      true,
      true,
      true,
      false,
      true,
      false,
    ]);
    expect([408, 'USER_BUSY' as const].map(last!.failover)).to.deep.equal([false, false]);
  });
});

describe('RoutingPlan: compiling refuses a malformed route', () => {
  const good = route('good', [filter()]);
  const cases: readonly [string, RouteSpec, string][] = [
    [
      'a malformed SIP status code list',
      route('bad codes', [filter()], {
        establishment: {
          action: 'ACCEPT',
          routingTargets: [target(), target({ failoverStatusMatch: { sipStatusCodes: '408,48x', telStatusList: [] } })],
        },
      }),
      'routes[1].establishment.routingTargets[1].failoverStatusMatch.sipStatusCodes',
    ],
    [
      'an unknown telephony status',
      route('bad tel', [filter()], {
        establishment: {
          action: 'ACCEPT',
          routingTargets: [target({ failoverStatusMatch: { sipStatusCodes: '', telStatusList: ['BUSY' as never] } })],
        },
      }),
      'routes[1].establishment.routingTargets[0].failoverStatusMatch.telStatusList[0]',
    ],
    [
      'a WILDCARD without its pattern',
      route('bad matcher', [filter(), filter({ destinationDialString: { type: 'WILDCARD' } })]),
      'routes[1].filters[1].destinationDialString.wildcardPattern',
    ],
    [
      'an inverted extension range',
      route('bad range', [
        filter({
          sourceDialString: {
            type: 'EXTENSION_RANGE',
            extensionRange: { trunk: '', firstExtension: '9', lastExtension: '1', zeroExtend: false },
          },
        }),
      ]),
      'routes[1].filters[0].sourceDialString.extensionRange.firstExtension',
    ],
    [
      'a segment with an unknown source',
      route('bad segment', [filter()], {
        establishment: {
          action: 'ACCEPT',
          routingTargets: [
            target({
              destinationDialStringRewriting: {
                segments: [
                  {
                    prefix: '',
                    suffix: '',
                    delLeading: 0,
                    delTrailing: 0,
                    keepLeading: 0,
                    keepTrailing: 0,
                    matchedPart: 0,
                    source: 'CALLER' as never,
                  },
                ],
              },
            }),
          ],
        },
      }),
      'routes[1].establishment.routingTargets[0].destinationDialStringRewriting.segments[0].source',
    ],
    [
      'a negative keepLeading',
      route('bad keep', [filter()], {
        establishment: {
          action: 'ACCEPT',
          routingTargets: [
            target({
              sourceDialStringRewriting: {
                segments: [
                  {
                    prefix: '',
                    suffix: '',
                    delLeading: 0,
                    delTrailing: 0,
                    keepLeading: -1,
                    keepTrailing: 0,
                    matchedPart: 0,
                    source: 'NONE',
                  },
                ],
              },
            }),
          ],
        },
      }),
      'routes[1].establishment.routingTargets[0].sourceDialStringRewriting.segments[0].keepLeading',
    ],
    [
      'an unknown action',
      route('bad action', [filter()], { establishment: { action: 'DROP' as never, routingTargets: [] } }),
      'routes[1].establishment.action',
    ],
    [
      'a malformed route even when disabled',
      route('disabled', [filter({ destinationDialString: { type: 'PLAIN' } })], { enabled: false }),
      'routes[1].filters[0].destinationDialString.plain',
    ],
  ];
  for (const [what, bad, field] of cases) {
    it(`${what}: INVALID_ROUTE naming the route and ${field}`, () => {
      const error = refusal(() => plan([good, bad]));
      expect(error.code).to.equal('INVALID_ROUTE');
      expect(error.message)
        .to.contain(`'${bad.displayName}'`)
        .and.to.contain(field.replace(/^routes\[1\]\./, ''));
      expect(error.details[0]!.field).to.equal(field);
    });
  }

  it('names the path replacement list for its routes', () => {
    const error = refusal(() => plan([], [route('pr', [filter({ destinationDialString: { type: 'DIRECTORY' } })])]));
    expect(error.details[0]!.field).to.equal('pathReplacementRoutes[0].filters[0].destinationDialString.directory');
  });
});

describe('checkRoute', () => {
  it('names the fields of one route under the path it is given', () => {
    const error = refusal(() =>
      checkRoute(route('one', [filter({ destinationDialString: { type: 'WILDCARD' } })]), 'route'),
    );
    expect(error.code).to.equal('INVALID_ROUTE');
    expect(error.details[0]!.field).to.equal('route.filters[0].destinationDialString.wildcardPattern');
  });

  it('accepts a well-formed route', () => {
    expect(() => checkRoute(route('fine', [filter({ destinationDialString: plain('0') })]))).not.to.throw();
  });
});
