import { expect } from 'chai';
import { DialString, DialStrings } from '../../../../src/contexts/configuration/index.js';
import { handPlan, planNode, prefixRewriting, routeTo } from '../../../support/simulation/handPlan.js';
import { only, run } from '../../../support/simulation/engineHarness.js';

describe('TrafficEngine: failover', () => {
  it('a target failing with a status its failoverStatusMatch names passes the call to the next target', () => {
    const r = run({ callsPerSecond: 1, outcomes: only('busy') });
    r.advance(30);
    for (const call of r.sinks.calls) {
      expect(call.attempts.map((a) => [a.nodeId, a.sipStatusCode])).to.deep.equal([
        ['carrier-a', 486],
        ['carrier-b', 486],
      ]);
      expect([call.result, call.sipStatusCode, call.q850Cause, call.outboundNodeId]).to.deep.equal([
        'BUSY',
        486,
        17,
        'carrier-b',
      ]);
    }
  });

  it('a status the failoverStatusMatch does not name ends the call at the first target', () => {
    const plan = handPlan(
      [planNode('pbx'), planNode('carrier-a'), planNode('carrier-b')],
      [
        {
          id: 'd',
          sourceNodeIds: ['pbx'],
          routes: [routeTo('out', ['carrier-a', 'carrier-b'], { failover: '500-599' })],
        },
      ],
    );
    const r = run({ callsPerSecond: 1, outcomes: only('busy') }, { plan });
    r.advance(30);
    expect(r.sinks.calls.length).to.be.greaterThan(5);
    for (const call of r.sinks.calls) {
      expect(call.attempts.map((a) => a.nodeId)).to.deep.equal(['carrier-a']);
      expect([call.sipStatusCode, call.q850Cause, call.disconnectingSide]).to.deep.equal([486, 17, 'outbound']);
    }
  });

  it('a failure (500 or 503) fails over on 5xx and is relayed with its cause when no target is left', () => {
    const r = run({ callsPerSecond: 1, outcomes: only('failure') });
    r.advance(60);
    for (const call of r.sinks.calls) {
      expect(call.attempts).to.have.length(2);
      const last = call.attempts[1]!.sipStatusCode;
      expect([call.sipStatusCode, call.q850Cause]).to.deep.equal([last, last === 503 ? 41 : 38]);
    }
  });
});

describe('TrafficEngine: rewriting', () => {
  it('incoming, target segment and outgoing rewritings apply in turn; the history holds what the engines give', () => {
    const pbx = planNode('pbx', { incomingRewriting: prefixRewriting('destination', '0', 1, '+4930') });
    const carrier = planNode('carrier', { outgoingRewriting: prefixRewriting('source', '+49', 3, '0') });
    const plan = handPlan(
      [pbx, carrier],
      [
        {
          id: 'd',
          sourceNodeIds: ['pbx'],
          routes: [routeTo('out', ['carrier'], { destinationRewrite: { delLeading: 3, prefix: '00' } })],
        },
      ],
    );
    const r = run(
      {
        callsPerSecond: 1,
        defaultNumberPlan: {
          callingPrefix: '+4930',
          callingDigits: 4,
          called: [{ pattern: '0301234XXX', weight: 1 }],
          weight: 1,
        },
      },
      { plan },
    );
    r.advance(30);
    expect(r.sinks.calls.length).to.be.greaterThan(5);
    for (const call of r.sinks.calls) {
      const incoming = pbx.incomingRewriting!.apply(
        new DialStrings({
          source: DialString.of(call.inboundSourceDialString),
          destination: DialString.of(call.inboundDestinationDialString),
        }),
      ).dialStrings;
      const routed = plan.route({
        sourceNodeId: 'pbx',
        source: incoming.source.text,
        destination: incoming.destination.text,
      })!;
      const target = routed.match.targets[0]!.dialStrings;
      const out = carrier.outgoingRewriting!.apply(
        new DialStrings({ source: DialString.of(target.source), destination: DialString.of(target.destination) }),
      ).dialStrings;
      expect(call.outboundSourceDialString).to.equal(out.source.text);
      expect(call.outboundDestinationDialString).to.equal(out.destination.text);
      expect(call.outboundDestinationDialString).to.match(/^0030301234\d{3}$/);
      expect(call.outboundSourceDialString).to.match(/^030\d{4}$/);
      expect(call.routeId).to.equal('route-out');
      expect(call.routingDomainId).to.equal('d');
    }
  });
});
