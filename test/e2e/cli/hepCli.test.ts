import { expect } from 'chai';
import { useControlCli } from '../../support/controlCli.js';

describe('gwsim hep status|on|off', function () {
  this.timeout(120_000);
  const cli = useControlCli(['hep']);
  const gwsim = (args: string[]) => cli.gwsim(args);
  const stored = async (lab = 'default') =>
    (await cli.gateway.admin().get(`/_sim/labs/${lab}/hep`, { version: null })).json;

  before(async () => {
    expect((await cli.gateway.admin().post('/_sim/labs', { json: { name: 'second' } })).status).to.equal(200);
  });

  it('on sets the collector, id, transport and password and prints them, never the password; status and off follow', async () => {
    const on = await gwsim([
      'on',
      '--collector',
      '127.0.0.1:19999',
      '--transport',
      'tcp',
      '--capture-id',
      '2001',
      '--hep-password',
      'Hep-Secret-1',
    ]);
    expect(on.code, on.output).to.equal(0);
    expect(on.output).to.contain('HEP of lab default: on (tcp to 127.0.0.1:19999, capture id 2001, a password set)');
    expect(on.output).not.to.contain('Hep-Secret-1');
    expect(await stored()).to.deep.include({ enabled: true, host: '127.0.0.1', port: 19999, passwordSet: true });
    const status = await gwsim(['status', '--json']);
    expect(status.code, status.output).to.equal(0);
    expect(JSON.parse(status.output)).to.deep.include({ transport: 'tcp', captureId: 2001, passwordSet: true });
    const bracketed = await gwsim(['on', '--collector', '[::1]:9061', '--no-hep-password', '--transport', 'udp']);
    expect(bracketed.code, bracketed.output).to.equal(0);
    expect(await stored()).to.deep.include({ host: '::1', port: 9061, transport: 'udp', passwordSet: false });
    const off = await gwsim(['off']);
    expect(off.code, off.output).to.equal(0);
    expect(off.output).to.contain('HEP of lab default: off (udp to ::1:9061');
    expect((await stored()).enabled).to.equal(false);
  });

  it('--lab names the lab; a refusal exits 1 naming the flag, a malformed flag exits 2', async () => {
    const second = await gwsim(['on', '--lab', 'second', '--collector', 'homer.example.com']);
    expect(second.code, second.output).to.equal(0);
    expect(second.output).to.contain('HEP of lab second: on (udp to homer.example.com:9060');
    expect((await stored()).host, 'the default lab is left alone').to.equal('::1');
    const host = await gwsim(['on', '--collector', 'bad_host!']);
    expect(host.code, host.output).to.equal(1);
    expect(host.output).to.contain('400').and.contain('--collector').and.not.contain('host must');
    const transport = await gwsim(['on', '--transport', 'sctp']);
    expect(transport.code, transport.output).to.equal(1);
    expect(transport.output).to.contain('--transport');
    const none = await gwsim(['on', '--lab', 'default']);
    expect(none.code, none.output).to.equal(0);
    const unset = await cli.gwsim(['on', '--lab', 'second', '--collector', '']);
    expect(unset.code, unset.output).to.equal(2);
    expect(unset.output).to.contain('--collector must be HOST or HOST:PORT');
    const id = await gwsim(['on', '--capture-id', '-3']);
    expect(id.code, id.output).to.equal(2);
    expect(id.output).to.contain('--capture-id');
  });
});
