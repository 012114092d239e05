import { expect } from 'chai';
import { compileRoutingDomain } from '../../../../src/contexts/configuration/routing/domain/compiled/RoutingPlan.js';
import { benchCalls, benchDomain, topDownScan } from '../../../bench/routingBench.js';

describe("the routing bench's domain", () => {
  const domain = benchDomain();
  const calls = benchCalls(domain, 3000);
  const plan = compileRoutingDomain(domain);

  it('has 1,000 routes of every matcher type', () => {
    expect(domain.routes).to.have.length(1000);
    const types = new Set(
      domain.routes.flatMap((route) => route.filters.map((filter) => filter.destinationDialString?.type)),
    );
    expect([...types].sort()).to.deep.equal(['DIRECTORY', 'EXTENSION_RANGE', 'PLAIN', 'WILDCARD', undefined]);
  });

  it('routes every call as a top-down scan of all routes would', () => {
    const scan = topDownScan(domain);
    for (const call of calls)
      expect(plan.match(call)?.routeIndex, `${call.sourceNodeId} ${call.destination}`).to.equal(scan(call));
  });

  it('sends most calls to a route near the end of the list, and few to the catch-all by accident', () => {
    const won = calls.map((call) => plan.match(call)!.routeIndex);
    expect(won.filter((index) => index >= 800).length / calls.length).to.be.above(0.6);
    expect(won.filter((index) => index === 999).length / calls.length).to.be.below(0.2);
  });
});
