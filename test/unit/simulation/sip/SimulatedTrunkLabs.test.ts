import { expect } from 'chai';
import type { LabId } from '../../../../src/shared/domain/LabId.js';
import { NetworkFaults } from '../../../../src/contexts/simulation/network/application/NetworkFaults.js';
import { defaultSipSetting, sipSetting } from '../../../../src/contexts/simulation/sip/domain/SipSetting.js';
import { supervisedTrunks } from '../../../../src/contexts/simulation/sip/infrastructure/trunks/SimulatedTrunkLabs.js';
import { demoPlan, node } from '../../configuration/runtime/planNodeSipSupport.js';

const LAB = 'default' as LabId;

describe('which trunks have a simulated far end (supervisedTrunks), and the faults they hear (NetworkFaults.onChange)', () => {
  const plan = demoPlan();
  const carrierA = node(plan, 'Carrier A').id;

  it("lists every supervised node of the demo while the lab carries no real SIP, as its plan's supervision says", () => {
    const trunks = supervisedTrunks(plan, defaultSipSetting(false), false);
    const rows = trunks.map((t) => [t.nodeName, t.target, t.keepAliveSeconds, t.registration?.expiresSeconds]);
    expect(rows.sort((x, y) => String(x[0]).localeCompare(String(y[0])))).to.deep.equal([
      ['Carrier A', 'UDP nord.sip.telekom.example.de:5060', 60, 3600],
      ['Carrier B', 'UDP sip.carrier.example.net:5060', 60, undefined],
      ['PBX Berlin', 'UDP pbx.example.com:5060', 60, undefined],
    ]);
    expect(trunks.find((t) => t.nodeName === 'Carrier A')!.registration).to.deep.equal({
      registrarUri: 'sip:nord.sip.telekom.example.de',
      addressOfRecord: 'sip:+4930123456@telekom.example.de',
      expiresSeconds: 3600,
    });
  });

  it('leaves out, with real SIP on, a node whose far end is real (TrunkSupervision watches it), and every node with supervision off', () => {
    const real = sipSetting(defaultSipSetting(true), { farEnds: { [carrierA]: 'real' } });
    expect(supervisedTrunks(plan, real, true).map((t) => t.nodeName)).to.not.include('Carrier A');
    expect(supervisedTrunks(plan, real, true)).to.have.length(2);
    expect(
      supervisedTrunks(plan, real, false).map((t) => t.nodeName),
      'SIP off: nothing real',
    ).to.include('Carrier A');
    const off = sipSetting(defaultSipSetting(false), { supervision: false });
    expect(supervisedTrunks(plan, off, false)).to.deep.equal([]);
  });

  it('tells its listeners of each change of a lab’s faults once the impairments are in place', () => {
    const faults = new NetworkFaults();
    const heard: Array<[LabId, boolean]> = [];
    const off = faults.onChange((lab) => heard.push([lab, faults.of(lab).trunkRefuses(carrierA)]));
    faults.hold(LAB, [{ ruleId: 'r1', kind: 'trunkDown', parameters: { node: carrierA } }]);
    faults.hold(LAB, []);
    off();
    faults.hold(LAB, [{ ruleId: 'r2', kind: 'trunkDown', parameters: { node: carrierA } }]);
    expect(heard).to.deep.equal([
      [LAB, true],
      [LAB, false],
    ]);
  });
});
