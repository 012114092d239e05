import { expect } from 'chai';
import type { RewriteSegment, RouteFilter } from '../../../../src/contexts/configuration/routing/domain/RouteModel.js';
import { wildcard, plain, filter, target, route, plan, call } from './routingPlanSupport.js';

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
