import { expect } from 'chai';
import { DEFAULT_LAB } from '../../../../src/shared/domain/LabId.js';
import type { GatewayPlan } from '../../../../src/contexts/configuration/runtime/domain/GatewayPlan.js';
import { CommittedGatewayController } from '../../../../src/contexts/configuration/runtime/interface/http/CommittedGatewayController.js';
import { CommittedGateway } from '../../../../src/contexts/configuration/index.js';
import type { OperationRequest } from '../../../../src/shared/interface/http/Operation.js';
import { node, demoPlan } from './planNodeSipSupport.js';

describe('the plan knows what a node needs on the wire (PlanNode.sip)', () => {
  it('compiles the demo configuration with sane values for the PBX and the carriers', () => {
    const plan = demoPlan();
    expect(plan.problems).to.deep.equal([]);
    const pbx = node(plan, 'PBX Berlin');
    expect(pbx.sip).to.deep.include({
      udp: true,
      tcp: true,
      tls: false,
      udpTcpPort: 5070,
      tlsPort: 5071,
      maxMessageBytes: 65535,
      userAgent: 'anynode',
      identity: undefined,
      credentials: undefined,
      registrar: undefined,
    });
    expect(pbx.sip.media).to.deep.equal({
      firstPort: 40000,
      lastPort: 49999,
      timeoutSeconds: 0,
      audioCodecs: ['G711A', 'G711U', 'G722', 'OPUS', 'AMR_WB', 'TELEPHONE_EVENT'],
    });
    expect(pbx.sip.udpTcpPort).to.equal(pbx.local.port);
    const carrierA = node(plan, 'Carrier A');
    expect(carrierA.sip.credentials).to.deep.equal({
      username: 'acme-trunk',
      password: 'Demo-Trunk-A-2026!',
      authorizationUsername: undefined,
      realm: undefined,
    });
    expect(carrierA.sip.udpTcpPort).to.equal(5080);
    expect(node(plan, 'Carrier B').sip.credentials?.username).to.equal('acme-backup');
  });

  it("the simulator's view of the committed configuration shows no secret the plan carries", async () => {
    const plan = demoPlan();
    class FixedGateway extends CommittedGateway {
      async plan(): Promise<GatewayPlan> {
        return plan;
      }
      onChange(): () => void {
        return () => undefined;
      }
    }
    const view = await new CommittedGatewayController(new FixedGateway()).get({ lab: DEFAULT_LAB } as OperationRequest);
    const text = JSON.stringify(view);
    expect(text).to.contain('PBX Berlin');
    expect(text).to.not.contain('Demo-Trunk-A-2026!');
    expect(text).to.not.contain('acme-trunk');
  });
});
