import { spawn, spawnSync } from 'node:child_process';
import dgram from 'node:dgram';
import { expect } from 'chai';
import { buildAck, buildBye, buildResponse, dialogFromResponse, SipStack, type SipResponse } from '../../src/index.js';
import { address, Recorder, request, until } from '../stackSupport.js';

const SIPP = spawnSync('sipp', ['-v'], { encoding: 'utf8' }).error === undefined;
const SDP = 'v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=audio 9 RTP/AVP 0\r\n';

/** Runs SIPp to completion; resolves with its exit code. */
function sipp(args: string[]): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn('sipp', [...args, '-nostdin', '-timeout', '20s', '-timeout_error'], { stdio: 'ignore' });
    child.on('exit', (code) => resolve(code));
  });
}

async function freeUdpPort(): Promise<number> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
  const port = socket.address().port;
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

(SIPP ? describe : describe.skip)('SIP stack against SIPp', function () {
  this.timeout(60_000);

  for (const [mode, transport] of [
    ['u1', 'UDP'],
    ['t1', 'TCP'],
  ] as const) {
    it(`answers SIPp's uac scenario over ${transport} (INVITE, ACK, BYE; 10 calls)`, async () => {
      const tu = new Recorder();
      const s = await SipStack.listen({ host: '127.0.0.1', port: 0, transports: ['UDP', 'TCP'] }, tu);
      try {
        tu.onRequest = (tx) => {
          const contact = { uri: `sip:gw@127.0.0.1:${address(s, transport).port}`, params: {} };
          if (tx.request.method !== 'INVITE') {
            tx.respond(buildResponse(tx.request, 200, { toTag: 'bye' }));
            return;
          }
          const toTag = `t${tu.requests.length}`;
          tx.respond(buildResponse(tx.request, 180, { toTag }));
          tx.respond(buildResponse(tx.request, 200, { toTag, contact, body: SDP }));
        };
        const code = await sipp([
          '-sn',
          'uac',
          '-i',
          '127.0.0.1',
          '-t',
          mode,
          '-m',
          '10',
          '-r',
          '20',
          '-d',
          '10',
          `127.0.0.1:${address(s, transport).port}`,
        ]);
        expect(code).to.equal(0);
        expect(tu.requests.map((tx) => tx.request.method).sort()).to.deep.equal([
          ...Array(10).fill('BYE'),
          ...Array(10).fill('INVITE'),
        ]);
        expect(tu.acks).to.have.length(10);
        expect(tu.ackTimeouts).to.deep.equal([]);
        expect(tu.errors).to.deep.equal([]);
        expect(tu.wires.every((w) => w.message !== undefined && w.remote.transport === transport)).to.equal(true);
      } finally {
        await s.close();
      }
    });
  }

  it("calls SIPp's uas scenario over UDP (INVITE, 180, 200, ACK, BYE, 200)", async () => {
    const port = await freeUdpPort();
    const done = sipp(['-sn', 'uas', '-i', '127.0.0.1', '-p', String(port), '-m', '1']);
    const tu = new Recorder();
    const s = await SipStack.listen({ host: '127.0.0.1', port: 0, transports: ['UDP'] }, tu);
    try {
      const far = { transport: 'UDP' as const, host: '127.0.0.1', port };
      const local = address(s, 'UDP');
      const invite = request('INVITE', local, far, { body: SDP });
      const statuses: number[] = [];
      let ok: SipResponse | undefined;
      s.request(invite, far, {
        response: (r) => {
          statuses.push(r.status);
          if (r.status === 200) {
            ok = r;
            s.send(
              buildAck(invite, r, { via: { host: local.host, port: local.port }, branch: `z9hG4bKack${Date.now()}` }),
              far,
            );
          }
        },
        timeout: () => statuses.push(-1),
      });
      await until(() => ok !== undefined || statuses.includes(-1), 'the 200', 20_000);
      expect(statuses.filter((x) => x !== 100)).to.deep.equal([180, 200]);
      const dialog = dialogFromResponse(invite, ok!);
      const bye = buildBye(dialog, { via: { host: local.host, port: local.port }, branch: `z9hG4bKbye${Date.now()}` });
      const byeStatuses: number[] = [];
      s.request(bye, far, { response: (r) => byeStatuses.push(r.status), timeout: () => byeStatuses.push(-1) });
      expect(await done).to.equal(0);
      await until(() => byeStatuses.length === 1, 'the BYE answer');
      expect(byeStatuses).to.deep.equal([200]);
    } finally {
      await s.close();
    }
  });
});
