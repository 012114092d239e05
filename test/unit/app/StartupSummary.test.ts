import { Writable } from 'node:stream';
import { expect } from 'chai';
import type pino from 'pino';
import type { LabId } from '../../../src/shared/domain/LabId.js';
import type { LabEntry } from '../../../src/shared/application/LabDirectory.js';
import { PinoLogger } from '../../../src/shared/infrastructure/PinoLogger.js';
import { StartupSummary, type StartupFacts } from '../../../src/app/StartupSummary.js';
import type { SipListenerView } from '../../../src/contexts/simulation/index.js';

/** A pino logger writing JSON lines into `lines`. */
function capture(): { logger: PinoLogger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: PinoLogger.create('info', sink as unknown as pino.DestinationStream), lines };
}

const lab = (id: string, port?: number): LabEntry => ({
  id: id as LabId,
  displayName: id,
  createdAt: new Date(0),
  ...(port !== undefined ? { port } : {}),
});

const listener = (node: string, transport: 'UDP' | 'TCP', port: number, error?: string): SipListenerView => ({
  nodeId: node,
  nodeName: node,
  transport,
  host: '127.0.0.1',
  port,
  state: error ? 'failed' : 'listening',
  ...(error ? { error } : {}),
});

const FACTS: StartupFacts = {
  base: 'http://127.0.0.1:8111',
  metricsToken: false,
  labs: [lab('default'), lab('training', 9001), lab('course')],
  sip: [
    {
      lab: 'default',
      here: true,
      enabled: true,
      listeners: [
        listener('PBX Berlin', 'UDP', 5070, 'bind EADDRINUSE 127.0.0.1:5070'),
        listener('PBX Berlin', 'TCP', 5070, 'bind EADDRINUSE 127.0.0.1:5070'),
        listener('Carrier A', 'UDP', 5080),
        listener('Carrier A', 'TCP', 5080),
      ],
    },
    { lab: 'training', here: true, enabled: false, listeners: [] },
    { lab: 'course', here: false, enabled: false, listeners: [] },
  ],
  // the training lab's own port could not be listened on
  listeningPort: () => undefined,
};

describe('the start-up summary', () => {
  it('says where the API, docs, console and metrics are, each lab and its SIP, and every failed listener at error', () => {
    const { logger, lines } = capture();
    new StartupSummary(logger).log(FACTS);
    logger.flush();
    expect(lines[0]).to.include({
      level: 30,
      api: 'http://127.0.0.1:8111/api',
      docs: 'http://127.0.0.1:8111/_sim/docs',
      console: 'http://127.0.0.1:8111/_sim/console',
      metrics: 'http://127.0.0.1:8111/_sim/metrics',
    });
    const messages = lines.map((line) => `${line['level']} ${line['msg']}`);
    expect(messages).to.deep.equal([
      '30 gwsim is ready: API http://127.0.0.1:8111/api, docs http://127.0.0.1:8111/_sim/docs, console http://127.0.0.1:8111/_sim/console, metrics http://127.0.0.1:8111/_sim/metrics',
      '30 lab default: API http://127.0.0.1:8111/api; real SIP on: Carrier A UDP+TCP 127.0.0.1:5080',
      '50 lab default: the SIP listener of node PBX Berlin on UDP+TCP 127.0.0.1:5070 failed: bind EADDRINUSE 127.0.0.1:5070',
      '30 lab training: API http://127.0.0.1:8111/labs/training/api; real SIP off',
      '50 lab training: its own port 9001 is not listened on (the error above says why): it is served under /labs/training/api only',
      '30 lab course: API http://127.0.0.1:8111/labs/course/api; its simulator runs in another process',
    ]);
    expect(lines[2]).to.include({
      lab: 'default',
      node: 'PBX Berlin',
      port: 5070,
      reason: 'bind EADDRINUSE 127.0.0.1:5070',
    });
    expect(lines[1]).to.deep.include({ sip: 'on', listening: ['Carrier A UDP+TCP 127.0.0.1:5080'] });
  });

  it('names the served port of a lab, the metrics token, and leaves the fields out for readable lines', () => {
    const { logger, lines } = capture();
    new StartupSummary(logger, false).log({
      ...FACTS,
      metricsToken: true,
      labs: [lab('training', 9001)],
      listeningPort: () => 9001,
    });
    logger.flush();
    expect(lines[0]!['msg']).to.match(/metrics http:\/\/127\.0\.0\.1:8111\/_sim\/metrics \(with the bearer token/);
    expect(lines[1]!['msg']).to.equal(
      'lab training: API http://127.0.0.1:8111/labs/training/api, and http://127.0.0.1:9001/api; real SIP off',
    );
    for (const line of lines) expect(Object.keys(line).sort()).to.deep.equal(['level', 'msg', 'service', 'time']);
  });

  it('says how many calls the RTP ranges and the open-file limit let the media anchor, and warns when the limit caps them', () => {
    const { logger, lines } = capture();
    const media = (openFileLimit: number, callsByFiles: number) => ({
      ranges: [{ host: '0.0.0.0', first: 40000, last: 49999, pairs: 5000 }],
      callsByPorts: 2500,
      openFileLimit,
      callsByFiles,
      anchoredCalls: Math.min(2500, callsByFiles),
      limitedByFiles: callsByFiles < 2500,
      refused: { range: 0, files: 0 },
    });
    new StartupSummary(logger).log({
      ...FACTS,
      labs: [lab('default'), lab('training')],
      sip: [
        { lab: 'default', here: true, enabled: true, listeners: [], media: media(65536, 16128) },
        { lab: 'training', here: true, enabled: true, listeners: [], media: media(4096, 768) },
      ],
    });
    logger.flush();
    const messages = lines.slice(1).map((line) => `${line['level']} ${line['msg']}`);
    expect(messages).to.deep.equal([
      '30 lab default: API http://127.0.0.1:8111/api; real SIP on: no listener',
      '30 lab default: media anchors at most 2500 calls at once: the RTP ranges 0.0.0.0 40000-49999 allow 2500 (2 port pairs each), the open-file limit 65536 allows 16128 (4 sockets each)',
      '30 lab training: API http://127.0.0.1:8111/labs/training/api; real SIP on: no listener',
      '30 lab training: media anchors at most 768 calls at once: the RTP ranges 0.0.0.0 40000-49999 allow 2500 (2 port pairs each), the open-file limit 4096 allows 768 (4 sockets each)',
      '40 lab training: the open-file limit (4096) is below what the RTP ranges allow: calls beyond 768 are refused 503; raise it (ulimit -n 11024, or LimitNOFILE=)',
    ]);
    expect(lines[2]).to.include({ callsByPorts: 2500, openFileLimit: 65536, callsByFiles: 16128 });
  });
});
