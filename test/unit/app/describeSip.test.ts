import { expect } from 'chai';
import { describeSip, sipExitCode } from '../../../src/app/cli/sip.js';

describe('gwsim sip status, in words', () => {
  const state = {
    enabled: true,
    host: '0.0.0.0',
    portOffset: 0,
    listeners: [{ nodeId: 'n1', nodeName: 'PBX', transport: 'UDP', host: '0.0.0.0', port: 5070, state: 'listening' }],
    farEnds: { n1: 'real' },
  };

  it('says the address SIP advertises beside the bind address when they differ', () => {
    expect(describeSip('default', { ...state, advertisedHost: '192.0.2.10' })).to.equal(
      'real SIP of lab default: on (bind address 0.0.0.0, advertised as 192.0.2.10, port offset 0)\n' +
        '  PBX: UDP 0.0.0.0:5070 listening, far end real',
    );
  });

  it('says the bind address alone when it advertises itself', () => {
    const same = { ...state, host: '127.0.0.1', advertisedHost: '127.0.0.1' };
    expect(describeSip('default', same).split('\n')[0]).to.equal(
      'real SIP of lab default: on (bind address 127.0.0.1, port offset 0)',
    );
  });

  it('exits 1 while SIP is on and a listener could not bind, 0 otherwise', () => {
    const failed = {
      ...state,
      listeners: [
        ...state.listeners,
        { nodeId: 'n1', nodeName: 'PBX', transport: 'TCP', host: '0.0.0.0', port: 5070, state: 'failed' },
      ],
    };
    expect(sipExitCode(state)).to.equal(0);
    expect(sipExitCode(failed)).to.equal(1);
    expect(sipExitCode({ ...failed, enabled: false }), 'SIP off: nothing should listen').to.equal(0);
  });
});
