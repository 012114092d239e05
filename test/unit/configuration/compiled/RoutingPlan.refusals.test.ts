import { expect } from 'chai';
import type { RouteSpec } from '../../../../src/contexts/configuration/routing/domain/RouteModel.js';
import { checkRoute } from '../../../../src/contexts/configuration/routing/domain/compiled/RoutingPlan.js';
import { plain, filter, target, route, plan, refusal } from './routingPlanSupport.js';

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
