import { expect } from 'chai';
import { checkValue } from '../../../../src/contexts/configuration/graph/domain/catalog/ParameterType.js';
import { f, t } from '../../../../src/contexts/configuration/graph/domain/catalog/SortDefinition.js';
import * as records from '../../../../src/contexts/configuration/graph/domain/catalog/sorts/routeRecords.js';
import { Route } from '../../../../src/contexts/configuration/routing/domain/Route.js';
import * as model from '../../../../src/contexts/configuration/routing/domain/RouteModel.js';
import * as rewriteModel from '../../../../src/contexts/configuration/rewriting/domain/RewriteRule.js';
import type { RouteSpec } from '../../../../src/contexts/configuration/routing/domain/RouteModel.js';

const NODE = '00000000-0000-4000-8000-00000000000a';
const PROFILE = '00000000-0000-4000-8000-00000000000b';

function spec(): RouteSpec {
  return {
    id: '00000000-0000-4000-8000-0000000000aa',
    displayName: 'to carrier',
    enabled: true,
    establishment: {
      action: 'ACCEPT',
      routingTargets: [
        {
          destinationNodeId: NODE,
          routingForwardProfileId: PROFILE,
          destinationDialStringRewriting: {
            segments: [
              {
                prefix: '+49',
                suffix: '',
                delLeading: 1,
                delTrailing: 0,
                keepLeading: 0,
                keepTrailing: 0,
                matchedPart: 0,
                source: 'MOST_APPROPRIATE',
              },
            ],
          },
          failoverStatusMatch: { telStatusList: ['USER_BUSY'], sipStatusCodes: '408,480-486' },
        },
      ],
    },
    filters: [
      {
        sourceNodeIds: [NODE],
        destinationDialString: {
          type: 'EXTENSION_RANGE',
          extensionRange: { firstExtension: '100', lastExtension: '199', trunk: '030', zeroExtend: true },
        },
      },
      {
        sourceNodeIds: [],
        sourceDialString: { type: 'DIRECTORY', directory: ['110'] },
        transferrerDialString: { type: 'NEVER' },
      },
    ],
  };
}

function fields(problems: ReturnType<typeof Route.problems>): string[] {
  return problems.map((d) => d.field ?? '');
}

describe('a route', () => {
  it('holds a valid spec, and maps to the catalog record and back unchanged', () => {
    const route = Route.of(spec());
    expect(route.spec).to.deep.equal(spec());
    expect(Route.fromRecord(route.toRecord()).spec).to.deep.equal(spec());
    expect(Object.isFrozen(route.spec.establishment.routingTargets[0])).to.equal(true);
  });

  it('refuses a matcher whose member does not fit its type, naming the field below the path', () => {
    const bad = spec() as any;
    bad.filters[1].sourceDialString = { type: 'WILDCARD', directory: ['1'] };
    bad.filters[0].destinationDialString = { type: 'PLAIN' };
    expect(fields(Route.problems(bad))).to.have.members([
      'filters[1].sourceDialString.wildcardPattern',
      'filters[1].sourceDialString.directory',
      'filters[0].destinationDialString.plain',
    ]);
    expect(fields(Route.problems(bad, 'routes[3]'))).to.include('routes[3].filters[0].destinationDialString.plain');
    expect(() => Route.of(bad))
      .to.throw()
      .with.property('code', 'ROUTE_INVALID');
  });

  it('refuses an extension range out of order or not digits, and an empty wildcard', () => {
    const bad = spec() as any;
    bad.filters[0].destinationDialString.extensionRange = {
      firstExtension: '0200',
      lastExtension: '199',
      trunk: '',
      zeroExtend: false,
    };
    expect(fields(Route.problems(bad))).to.deep.equal([
      'filters[0].destinationDialString.extensionRange.lastExtension',
    ]);
    bad.filters[0].destinationDialString.extensionRange = {
      firstExtension: '99',
      lastExtension: '100',
      trunk: '',
      zeroExtend: false,
    };
    expect(Route.problems(bad)).to.deep.equal([]);
    bad.filters[0].destinationDialString.extensionRange.firstExtension = '1x';
    expect(fields(Route.problems(bad))).to.deep.equal([
      'filters[0].destinationDialString.extensionRange.firstExtension',
    ]);
    bad.filters[0].destinationDialString = { type: 'WILDCARD', wildcardPattern: '' };
    expect(fields(Route.problems(bad))).to.deep.equal(['filters[0].destinationDialString.wildcardPattern']);
  });

  it('checks SIP status code lists: codes 100-699, ranges low to high', () => {
    expect(records.sipStatusCodeProblems('408, 480-486,500', 'x')).to.deep.equal([]);
    expect(records.sipStatusCodeProblems('', 'x')).to.deep.equal([]);
    expect(records.sipStatusCodeProblems('486-480', 'x')).to.have.length(1);
    expect(records.sipStatusCodeProblems('099,700', 'x')).to.have.length(2);
    expect(records.sipStatusCodeProblems('408;486', 'x')[0]!.message).to.contain('joined by commas');
  });

  it('refuses negative segment counts, unknown actions and a blank name', () => {
    const bad = spec() as any;
    bad.establishment.routingTargets[0].destinationDialStringRewriting.segments[0].delLeading = -1;
    bad.establishment.action = 'MAYBE';
    bad.displayName = '  ';
    expect(fields(Route.problems(bad))).to.have.members([
      'establishment.routingTargets[0].destinationDialStringRewriting.segments[0].delLeading',
      'establishment.action',
      'displayName',
    ]);
  });

  it("the catalog's value lists are the route and rewrite models' own", () => {
    expect([...records.MATCHER_TYPES]).to.deep.equal([...model.MATCHER_TYPES]);
    expect(records.SEGMENT_SOURCES).to.deep.equal([...model.SEGMENT_SOURCES]);
    expect(records.TEL_STATUSES).to.deep.equal([...model.TEL_STATUSES]);
    expect(records.ROUTE_ACTIONS).to.deep.equal([...model.ROUTE_ACTIONS]);
    const rule = records.REWRITE_RULE_FIELDS;
    const values = (name: string) =>
      (rule.find((field) => field.name === name)!.type as { values: readonly string[] }).values;
    expect(values('rewriteType')).to.deep.equal([...rewriteModel.REWRITE_TYPES]);
    expect(values('case')).to.deep.equal([...rewriteModel.REWRITE_CASES]);
  });
});

describe('records with optional fields and rules', () => {
  const type = t.record(
    [f.field('low', t.integer(0, 9), 0), f.field('high', t.integer(0, 9), 9), f.optional('note', t.string(10))],
    (record, field) =>
      (record['low'] as number) > (record['high'] as number)
        ? [{ field: `${field}.high`, rule: 'order', message: 'high below low' }]
        : [],
  );

  it('let an optional field be left out, but check it when present', () => {
    expect(checkValue(type, { low: 1, high: 2 }, 'r')).to.deep.equal([]);
    expect(checkValue(type, { low: 1, high: 2, note: 5 }, 'r').map((d) => d.field)).to.deep.equal(['r.note']);
    expect(checkValue(type, { low: 1 }, 'r').map((d) => d.field)).to.deep.equal(['r.high']);
  });

  it("run the record's rule only once every field has its type", () => {
    expect(checkValue(type, { low: 5, high: 2 }, 'r').map((d) => d.field)).to.deep.equal(['r.high']);
    expect(checkValue(type, { low: 5, high: 'x' }, 'r').map((d) => d.rule)).to.deep.equal(['integer']);
  });
});
