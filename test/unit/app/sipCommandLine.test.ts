import { expect } from 'chai';
import { runProgram, type Commands } from '../../../src/app/cli/program.js';

/** Commands that only record what the command line asked for. */
function recording(): { commands: Commands; calls: Array<{ command: string; args: unknown[] }> } {
  const calls: Array<{ command: string; args: unknown[] }> = [];
  const commands = new Proxy(
    {},
    {
      get:
        (_target, command: string) =>
        async (...args: unknown[]) => {
          calls.push({ command, args });
          return 0;
        },
    },
  ) as Commands;
  return { commands, calls };
}

describe('the command line of real SIP', () => {
  afterEach(() => {
    process.exitCode = undefined;
  });

  it('gwsim serve --sip --sip-host turns SIP on for the labs and sets the bind address', async () => {
    const { commands, calls } = recording();
    expect(await runProgram(commands, ['serve', '--ephemeral', '--sip', '--sip-host', '0.0.0.0'], {})).to.equal(0);
    expect(calls[0]!.command).to.equal('serve');
    expect(calls[0]!.args[0]).to.deep.include({ sip: true, sipHost: '0.0.0.0' });
    const plain = recording();
    await runProgram(plain.commands, ['serve', '--ephemeral'], { GWSIM_SIP: '1' });
    expect(plain.calls[0]!.args[0], 'GWSIM_SIP without the flag').to.deep.include({ sip: true, sipHost: '127.0.0.1' });
  });

  it('gwsim serve --sip-advertise sets the address SIP names itself by; a wildcard is refused naming the variable', async () => {
    const { commands, calls } = recording();
    const args = ['serve', '--ephemeral', '--sip', '--sip-host', '0.0.0.0', '--sip-advertise', '192.0.2.10'];
    expect(await runProgram(commands, args, {})).to.equal(0);
    expect(calls[0]!.args[0]).to.deep.include({ sipHost: '0.0.0.0', sipAdvertise: '192.0.2.10' });
    const refused = recording();
    const stderr: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string) => stderr.push(String(chunk)) > 0) as typeof process.stderr.write;
    try {
      expect(await runProgram(refused.commands, ['serve', '--sip-advertise', '0.0.0.0'], {})).to.equal(2);
    } finally {
      process.stderr.write = write;
    }
    expect(refused.calls).to.have.length(0);
    expect(stderr.join('')).to.contain('GWSIM_SIP_ADVERTISE');
  });

  it('gwsim sip on|off|status take --lab (default: default) and on takes --offset', async () => {
    const { commands, calls } = recording();
    await runProgram(commands, ['sip', 'on', '--lab', 'training', '--offset', '1000'], {});
    await runProgram(commands, ['sip', 'off'], {});
    await runProgram(commands, ['sip', 'status', '--json'], {});
    expect(calls.map((c) => [c.command, c.args[0], (c.args[1] as { lab: string }).lab])).to.deep.equal([
      ['sip', { kind: 'on', offset: 1000 }, 'training'],
      ['sip', { kind: 'off' }, 'default'],
      ['sip', { kind: 'status' }, 'default'],
    ]);
    expect(calls[2]!.args[1]).to.deep.include({ json: true });
  });
});
