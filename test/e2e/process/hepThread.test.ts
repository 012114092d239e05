import { expect } from 'chai';
import dgram from 'node:dgram';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeHep3, type DecodedHep3 } from '@gwsim/hep';
import { ApiClient } from '../../support/ApiClient.js';
import { parsePrometheusText } from '../../support/prometheusText.js';
import {
  exitWithin,
  freePort,
  run,
  waitForOutput,
  waitUntilServing,
  type Running,
} from '../../support/processSupport.js';
import { until } from '../../support/sip/sipPhone.js';

const PASSWORD = 'thread-Admin-1';
const SERVED_BY = 'x-gwsim-served-by';

/**
 * `gwsim serve` (the demo's synthetic traffic, no real SIP) with the simulator in a thread of its own: the lab's HEP
 * capture sends from that thread, where the calls are recorded; the control endpoint is answered there, the metrics
 * here from the figures it tells; a restart sends again with the setting it kept, before any request.
 */
describe('HEP from the simulator in a thread of its own', function () {
  this.timeout(240_000);
  let dir: string;
  let env: Record<string, string>;
  let running: Running | undefined;
  let admin: ApiClient;
  let port: number;
  let socket: dgram.Socket;
  const received: DecodedHep3[] = [];

  async function start(): Promise<void> {
    running = run(env, ['serve']);
    await waitUntilServing(admin, running, 60_000);
    await waitForOutput(running, 'the simulator runs in a thread of its own', 60_000);
  }

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'gwsim-hep-thread-'));
    port = await freePort();
    env = {
      PORT: String(port),
      GWSIM_DATA_DIR: path.join(dir, 'data'),
      GWSIM_ADMIN_PASSWORD: PASSWORD,
      GWSIM_KDF_COST: '10',
      LOG_LEVEL: 'info',
      GWSIM_SIMULATOR_THREAD: '1',
    };
    admin = new ApiClient(`http://127.0.0.1:${port}`, { username: 'anadmin', password: PASSWORD });
    socket = dgram.createSocket('udp4');
    socket.on('message', (message) => received.push(decodeHep3(message)));
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    await start();
  });

  after(async () => {
    socket?.close();
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGTERM');
      await exitWithin(running, 20_000).catch(() => undefined);
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("sends the demo traffic's messages from the simulator's thread, counted in its answer and in the metrics", async () => {
    const on = await admin.put('/_sim/labs/default/hep', {
      version: null,
      json: { enabled: true, host: '127.0.0.1', port: socket.address().port, captureId: 42 },
    });
    expect(on.status, on.text).to.equal(200);
    expect(on.headers.get(SERVED_BY), 'changed where the calls run').to.equal('simulator-thread');
    await until(() => received.length >= 20, 'messages at the collector', 30_000);
    expect(received[0]).to.deep.include({ captureId: 42, protocolType: 1 });
    const state = await admin.get('/_sim/labs/default/hep', { version: null });
    expect(state.headers.get(SERVED_BY)).to.equal('simulator-thread');
    expect(state.json.sender.state).to.equal('connected');
    expect(state.json.sender.sent).to.be.at.least(20);
    let sent = 0;
    await until(
      async () => {
        const text = await (await fetch(`http://127.0.0.1:${port}/_sim/metrics`)).text();
        sent = parsePrometheusText(text).value('gwsim_hep_messages_sent_total') ?? 0;
        return sent >= 20;
      },
      "the thread's figures in the metrics",
      10_000,
    );
    expect(sent).to.be.at.least(20);
  });

  it('after a restart on the same data directory, sends again with the setting it kept', async () => {
    running!.child.kill('SIGTERM');
    expect(await exitWithin(running!, 30_000), running!.output().slice(-3000)).to.equal(0);
    received.length = 0;
    await start();
    await until(() => received.length >= 5, 'messages after the restart', 30_000);
    expect(received[0]!.captureId).to.equal(42);
  });
});
