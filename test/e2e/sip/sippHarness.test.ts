import { expect } from 'chai';
import { createSocket } from 'node:dgram';
import { createServer } from 'node:net';
import { sipLoad } from '../../bench/sipLoad.js';
import {
  fixture,
  freeUdpPort,
  parseScreen,
  parseStatistics,
  runSipp,
  scenarioDeclarations,
  startSipp,
} from '../../support/sip/sipp.js';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the SIPp harness', function () {
  this.timeout(30_000);

  it('freeUdpPort answers a port that can be bound on UDP and on TCP', async () => {
    const port = await freeUdpPort();
    const udp = createSocket('udp4');
    await new Promise<void>((resolve, reject) => {
      udp.once('error', reject);
      udp.bind(port, '127.0.0.1', () => resolve());
    });
    const tcp = createServer();
    await new Promise<void>((resolve, reject) => {
      tcp.once('error', reject);
      tcp.listen(port, '127.0.0.1', () => resolve());
    });
    udp.close();
    await new Promise((resolve) => tcp.close(resolve));
  });

  it('fixture answers the absolute path of a scenario file and refuses an unknown one', () => {
    expect(fixture('uac-options')).to.match(/^\/.*\/test\/fixtures\/sipp\/uac-options\.xml$/);
    expect(fixture('uac-options.xml')).to.equal(fixture('uac-options'));
    expect(() => fixture('no-such-scenario')).to.throw('no SIPp scenario');
  });

  it("reads a scenario file's declared keys and arguments", () => {
    expect(scenarioDeclarations(fixture('uac-register-auth'))).to.deep.equal({
      keys: { user: 'alice', password: 'secret', domain: 'gwsim.test' },
      arguments: ['-au', '[user]', '-ap', '[password]'],
    });
    expect(scenarioDeclarations(fixture('uac-cancel'))).to.deep.equal({ keys: {}, arguments: [] });
    expect(scenarioDeclarations('uac')).to.deep.equal({ keys: {}, arguments: [] });
  });

  it('runs the built-in UAC against the built-in UAS and counts the calls from the statistics file', async () => {
    const uas = await startSipp({ scenario: 'uas' });
    expect(alive(uas.pid)).to.equal(true);
    const uac = await runSipp({
      scenario: 'uac',
      remote: `127.0.0.1:${uas.port}`,
      calls: 5,
      rate: 50,
      service: '1234',
    });
    expect(uac).to.include({ exitCode: 0, attempted: 5, successful: 5, failed: 0, retransmissions: 0, errors: '' });
    expect(uac.stdout).to.include('Successful call');
    const server = await uas.stop();
    expect(server).to.include({ exitCode: 0, attempted: 5, successful: 5, failed: 0 });
    expect(alive(uas.pid)).to.equal(false);
  });

  it('runs over TCP', async () => {
    // The UAS runs until stopped: a SIPp that ends by itself (-m) closes the connection under the other one.
    const uas = await startSipp({ scenario: 'uas', transport: 't1' });
    try {
      const uac = await runSipp({ scenario: 'uac', remote: `127.0.0.1:${uas.port}`, calls: 2, transport: 't1' });
      expect(uac, uac.errors).to.include({ exitCode: 0, successful: 2, failed: 0 });
    } finally {
      await uas.stop();
    }
  });

  it('reports failed calls and retransmissions, with exit code 1, when nobody answers', async () => {
    const port = await freeUdpPort();
    const uac = await runSipp({
      scenario: 'uac',
      remote: `127.0.0.1:${port}`,
      calls: 1,
      extra: ['-recv_timeout', '1200'],
    });
    expect(uac).to.include({ exitCode: 1, attempted: 1, successful: 0, failed: 1 });
    expect(uac.retransmissions).to.be.greaterThan(0);
    expect(uac.errors).to.include('timeout');
  });

  it('kills SIPp at the time limit and answers exit code -1, leaving no process behind', async () => {
    const uas = await startSipp({ scenario: 'uas', timeoutMs: 800 });
    const result = await uas.done;
    expect(result.exitCode).to.equal(-1);
    expect(alive(uas.pid)).to.equal(false);
  });

  it('fails startSipp when SIPp cannot start, with its complaint', async () => {
    let failure: unknown;
    try {
      await startSipp({ scenario: 'no-such-built-in-scenario' });
    } catch (error) {
      failure = error;
    }
    expect(String(failure)).to.include('SIPp ended before it listened');
  });

  it('parses the statistics file by column name and the screen as a fallback', () => {
    const csv =
      'StartTime;TotalCallCreated;SuccessfulCall(C);FailedCall(C);Retransmissions(C);\n' +
      'x;1;0;0;0;\n' +
      'y;7;5;2;3;\n';
    expect(parseStatistics(csv)).to.deep.equal({ attempted: 7, successful: 5, failed: 2, retransmissions: 3 });
    expect(parseStatistics('StartTime;\n')).to.equal(undefined);
    const screen =
      '  Total Calls created    |                           |        4                 \n' +
      '  Successful call        |        0                  |        3                 \n' +
      '  Failed call            |        0                  |        1                 \n';
    expect(parseScreen(screen)).to.deep.equal({ attempted: 4, successful: 3, failed: 1, retransmissions: 0 });
  });

  it('sipLoad offers calls at a rate for a duration and answers the figures', async () => {
    const port = await freeUdpPort();
    const figures = await sipLoad({ target: `127.0.0.1:${port}`, uasPort: port, rate: 50, durationS: 1 });
    expect(figures).to.include({ attempted: 50, successful: 50, failed: 0, failedPercent: 0, failures: '' });
    expect(figures.achievedCps).to.be.greaterThan(0);
  });

  it("sipLoad counts SIPp's retransmissions and says from its error trace why calls failed when nobody answers", async () => {
    const port = await freeUdpPort();
    const figures = await sipLoad({ target: `127.0.0.1:${port}`, rate: 2, durationS: 1, recvTimeoutMs: 1200 });
    expect(figures).to.include({ attempted: 2, successful: 0, failed: 2 });
    expect(figures.retransmissions).to.be.greaterThan(0);
    expect(figures.failures).to.match(/^ {2}SIPp UAC's error trace:\n/);
    expect(figures.failures).to.include('timeout');
  });

  it('sipLoad counts the calls that fail', async () => {
    const busy = await startSipp({ scenario: fixture('uas-status'), keys: { status: '486' } });
    try {
      const figures = await sipLoad({ target: `127.0.0.1:${busy.port}`, rate: 10, durationS: 1 });
      expect(figures).to.include({ attempted: 10, successful: 0, failed: 10, failedPercent: 100 });
      // what went wrong, from SIPp's own error trace: the UAC's calls met a 486 it did not expect
      expect(figures.failures).to.match(/^ {2}SIPp UAC's error trace:\n/);
      expect(figures.failures).to.match(/486/);
      expect(figures.failures.split('\n').filter((line) => line.startsWith('    ')).length).to.be.within(1, 12);
    } finally {
      await busy.stop();
    }
  });
});
