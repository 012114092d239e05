import { expect } from 'chai';
import { DomainError } from '../../../../src/shared/domain/DomainError.js';
import {
  defaultSipSetting,
  farEndIsReal,
  isLoopbackHost,
  outsidePeersOf,
  sipSetting,
} from '../../../../src/contexts/simulation/sip/domain/SipSetting.js';
import { DEFAULT_REGISTRAR_GUARD } from '../../../../src/contexts/simulation/sip/domain/RegistrarGuardSettings.js';
import { planNode } from '../../../support/simulation/handPlan.js';

function refusal(work: () => unknown): DomainError {
  try {
    work();
  } catch (error) {
    expect(error).to.be.instanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a refusal');
}

describe("a lab's SIP setting (SipSetting)", () => {
  describe('farEndIsReal', () => {
    const setting = defaultSipSetting(true);

    it('a node not listed: real when its far end is a loopback address, simulated otherwise', () => {
      expect(farEndIsReal(planNode('sipp', { remoteHost: '127.0.0.1' }), setting)).to.equal(true);
      expect(farEndIsReal(planNode('sipp2', { remoteHost: '127.1.2.3' }), setting)).to.equal(true);
      expect(farEndIsReal(planNode('phone', { remoteHost: 'localhost' }), setting)).to.equal(true);
      expect(farEndIsReal(planNode('v6', { remoteHost: '::1' }), setting)).to.equal(true);
      expect(farEndIsReal(planNode('carrier', { remoteHost: 'sip.carrier.example.net' }), setting)).to.equal(false);
      expect(farEndIsReal(planNode('lan', { remoteHost: '192.0.2.10' }), setting)).to.equal(false);
    });

    it('a node without a far end is simulated', () => {
      expect(farEndIsReal(planNode('registrar', { remote: undefined }), setting)).to.equal(false);
    });

    it("the setting's farEnds win over the loopback rule, either way", () => {
      const chosen = sipSetting(setting, { farEnds: { sipp: 'simulated', carrier: 'real' } });
      expect(farEndIsReal(planNode('sipp', { remoteHost: '127.0.0.1' }), chosen)).to.equal(false);
      expect(farEndIsReal(planNode('carrier', { remoteHost: 'sip.carrier.example.net' }), chosen)).to.equal(true);
    });
  });

  it('knows the loopback hosts: 127.0.0.0/8, ::1 in its spellings, localhost', () => {
    for (const host of [
      '127.0.0.1',
      '127.255.255.254',
      '::1',
      '[::1]',
      '0:0:0:0:0:0:0:1',
      '::ffff:127.0.0.1',
      'localhost',
      'LOCALHOST.',
      'sipp.localhost',
    ]) {
      expect(isLoopbackHost(host), host).to.equal(true);
    }
    for (const host of ['128.0.0.1', '127.0.0.256', '10.127.0.1', '::2', 'localhost.example.com', 'my-localhost', '']) {
      expect(isLoopbackHost(host), host).to.equal(false);
    }
  });

  it('a change keeps the fields it leaves out; farEnds is taken whole', () => {
    const first = sipSetting(defaultSipSetting(false), { enabled: true, portOffset: 1000, farEnds: { a: 'real' } });
    const rest = { outsidePeers: {}, registrarGuard: DEFAULT_REGISTRAR_GUARD, supervision: true };
    expect(first).to.deep.equal({
      enabled: true,
      portOffset: 1000,
      farEnds: { a: 'real' },
      setupTimeoutSeconds: 181,
      ...rest,
    });
    expect(sipSetting(first, { enabled: false, setupTimeoutSeconds: 30 })).to.deep.equal({
      enabled: false,
      portOffset: 1000,
      farEnds: { a: 'real' },
      setupTimeoutSeconds: 30,
      ...rest,
    });
    expect(sipSetting(first, { farEnds: { b: 'simulated' } }).farEnds).to.deep.equal({ b: 'simulated' });
  });

  it('refuses an offset outside 0 to 60000 and a far end that is neither real nor simulated, naming each field', () => {
    for (const portOffset of [-1, 60001, 1.5]) {
      const error = refusal(() => sipSetting(defaultSipSetting(false), { portOffset }));
      expect(error.code).to.equal('INVALID_SIP_SETTING');
      expect(error.details.map((d) => d.field)).to.deep.equal(['portOffset']);
    }
    expect(sipSetting(defaultSipSetting(false), { portOffset: 60000 }).portOffset).to.equal(60000);
    const error = refusal(() =>
      sipSetting(defaultSipSetting(false), { portOffset: 70000, farEnds: { a: 'maybe', b: 'real' } }),
    );
    expect(error.details.map((d) => d.field)).to.deep.equal(['portOffset', 'farEnds.a']);
  });

  it('refuses a setup timeout that is not a whole number of seconds from 1 to 3600, naming the field', () => {
    for (const setupTimeoutSeconds of [0, 3601, 2.5]) {
      const error = refusal(() => sipSetting(defaultSipSetting(false), { setupTimeoutSeconds }));
      expect(error.details.map((d) => d.field)).to.deep.equal(['setupTimeoutSeconds']);
    }
    expect(sipSetting(defaultSipSetting(false), { setupTimeoutSeconds: 3600 }).setupTimeoutSeconds).to.equal(3600);
  });

  it('what a node does with outsiders: drop unless the setting says forbid; outsidePeers is taken whole', () => {
    const setting = sipSetting(defaultSipSetting(false), { outsidePeers: { a: 'forbid' } });
    expect(outsidePeersOf('a', setting)).to.equal('forbid');
    expect(outsidePeersOf('b', setting)).to.equal('drop');
    expect(sipSetting(setting, { outsidePeers: { b: 'drop' } }).outsidePeers).to.deep.equal({ b: 'drop' });
  });

  it('refuses an outside-peers answer that is neither drop nor forbid and a guard out of its bounds, naming each field', () => {
    const error = refusal(() =>
      sipSetting(defaultSipSetting(false), {
        outsidePeers: { a: '403' },
        registrarGuard: { attemptsUntilBlocked: -1, minDelayMs: 'soon' },
      }),
    );
    expect(error.code).to.equal('INVALID_SIP_SETTING');
    expect(error.details.map((d) => d.field)).to.deep.equal([
      'outsidePeers.a',
      'registrarGuard.attemptsUntilBlocked',
      'registrarGuard.minDelayMs',
    ]);
  });
});
