import { expect } from 'chai';
import type { ParameterValue } from '../../../../src/contexts/configuration/graph/domain/ConfigObject.js';
import { demoPlan, GraphBuilder, node } from './planNodeSipSupport.js';

/** The session timer of a node whose user agent has `ua` parameters. */
function sessionTimer(ua: Record<string, ParameterValue>) {
  const g = new GraphBuilder();
  const transport = g.add('SIPST_STACK', 'transport', { udpTcpPort: 5070 });
  const userAgent = g.add('SIPUA_STACK', 'ua', ua, { sipTransportId: [transport] });
  g.add('TELSIP_STACK', 'Trunk', {}, { sipUserAgentId: [userAgent] });
  return node(g.compile(), 'Trunk').sip.sessionTimer;
}

describe("the plan knows a node's session timers (PlanNode.sip.sessionTimer, RFC 4028)", () => {
  it("takes sessionTimerEnabled and sessionExpiresSeconds from the node's user agent, with Min-SE 90", () => {
    expect(sessionTimer({ sessionTimerEnabled: false, sessionExpiresSeconds: 600 })).to.deep.equal({
      enabled: false,
      expiresSeconds: 600,
      minSeconds: 90,
    });
    expect(sessionTimer({ sessionExpiresSeconds: 90 })).to.deep.equal({
      enabled: true,
      expiresSeconds: 90,
      minSeconds: 90,
    });
  });

  it("gives a user agent that sets neither the catalog's defaults: on, 1800 s", () => {
    expect(sessionTimer({})).to.deep.equal({ enabled: true, expiresSeconds: 1800, minSeconds: 90 });
  });

  it('gives a node without a user agent the defaults too', () => {
    const g = new GraphBuilder();
    g.add('TELSIP_STACK', 'Bare');
    expect(node(g.compile(), 'Bare').sip.sessionTimer).to.deep.equal({
      enabled: true,
      expiresSeconds: 1800,
      minSeconds: 90,
    });
  });

  it("compiles the demo's nodes with session timers on", () => {
    for (const planNode of demoPlan().nodes.values()) {
      expect(planNode.sip.sessionTimer.enabled, planNode.displayName).to.equal(true);
      expect(planNode.sip.sessionTimer.expiresSeconds, planNode.displayName).to.be.within(90, 86400);
    }
  });
});
