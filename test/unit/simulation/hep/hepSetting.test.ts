import { expect } from 'chai';
import { DomainError } from '../../../../src/shared/domain/DomainError.js';
import {
  DEFAULT_HEP_SETTING,
  hepSetting,
  type HepSetting,
  type HepSettingInput,
} from '../../../../src/contexts/simulation/hep/domain/HepSetting.js';

/** The fields a refused change names, in order. */
function refused(current: HepSetting, input: HepSettingInput): string[] {
  try {
    hepSetting(current, input);
  } catch (error) {
    expect(error).to.be.instanceOf(DomainError);
    expect((error as DomainError).code).to.equal('INVALID_HEP_SETTING');
    expect((error as DomainError).kind).to.equal('invalid');
    return (error as DomainError).details.map((d) => d.field ?? '');
  }
  throw new Error(`${JSON.stringify(input)} was taken`);
}

describe('the HEP setting of a lab', () => {
  const on: HepSetting = hepSetting(DEFAULT_HEP_SETTING, { enabled: true, host: '192.0.2.50' });

  it('is off by default: UDP to port 9060, capture id 1, no collector and no password', () => {
    expect(DEFAULT_HEP_SETTING).to.deep.equal({
      enabled: false,
      host: '',
      port: 9060,
      transport: 'udp',
      captureId: 1,
      password: undefined,
    });
  });

  it('takes a collector as an IP address (v4, v6) or a host name, and keeps the fields a change leaves out', () => {
    expect(on).to.deep.include({ enabled: true, host: '192.0.2.50', port: 9060, transport: 'udp', captureId: 1 });
    const changed = hepSetting(on, { host: 'homer.example.com', port: 9061, transport: 'tcp', captureId: 4294967295 });
    expect(changed).to.deep.include({ enabled: true, host: 'homer.example.com', port: 9061, transport: 'tcp' });
    expect(changed.captureId).to.equal(4294967295);
    expect(hepSetting(on, { host: '2001:db8::7' }).host).to.equal('2001:db8::7');
    expect(hepSetting(on, { host: '  heplify-server  ' }).host).to.equal('heplify-server');
    expect(hepSetting(changed, { enabled: false })).to.deep.include({ enabled: false, host: 'homer.example.com' });
  });

  it('sets, keeps and removes the password', () => {
    const withPassword = hepSetting(on, { password: 'myHep' });
    expect(withPassword.password).to.equal('myHep');
    expect(hepSetting(withPassword, { port: 9070 }).password).to.equal('myHep');
    expect(hepSetting(withPassword, { password: '' }).password).to.equal(undefined);
  });

  it('refuses to turn on without a collector, naming host', () => {
    expect(refused(DEFAULT_HEP_SETTING, { enabled: true })).to.deep.equal(['host']);
    expect(refused(on, { host: '' })).to.deep.equal(['host']);
    expect(hepSetting(DEFAULT_HEP_SETTING, { port: 9070 }).host, 'off, no collector is needed').to.equal('');
  });

  it('names every faulty field at once, and what it should be', () => {
    expect(
      refused(on, {
        host: 'not a host!',
        port: 0,
        transport: 'sctp',
        captureId: -1,
        password: 'x'.repeat(257),
      }),
    ).to.deep.equal(['host', 'port', 'captureId', 'transport', 'password']);
    expect(refused(on, { port: 65536 })).to.deep.equal(['port']);
    expect(refused(on, { port: 9060.5 })).to.deep.equal(['port']);
    expect(refused(on, { captureId: 4294967296 })).to.deep.equal(['captureId']);
    expect(refused(on, { password: 'line\nbreak' })).to.deep.equal(['password']);
    expect(refused(on, { host: `${'a'.repeat(64)}.example.com` })).to.deep.equal(['host']);
    expect(refused(on, { host: '-homer.example.com' })).to.deep.equal(['host']);
  });
});
