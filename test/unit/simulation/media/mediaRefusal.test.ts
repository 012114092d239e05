import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import {
  MediaPortPool,
  MediaPortsUnavailable,
  MediaRefusals,
  mediaCapacity,
  outOfFiles,
  pairsOf,
  readOpenFileLimit,
  RtpRelay,
  socketBufferSizes,
  type RelayEvents,
  type RelayOptions,
} from '../../../../src/contexts/simulation/media/infrastructure/index.js';
import { MediaWiring } from '../../../../src/contexts/simulation/sip/infrastructure/MediaWiring.js';
import type { LabSip } from '../../../../src/contexts/simulation/sip/infrastructure/LabSip.js';
import { CallMedia } from '../../../../src/contexts/simulation/sip/infrastructure/SocketLeg.js';
import { planNode } from '../../../support/simulation/handPlan.js';
import { freeRange } from './mediaHarness.js';

const OFFER = 'v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=audio 40000 RTP/AVP 0\r\n';

describe('media ports at their limit', () => {
  it('a range with no pair left rejects with MediaPortsUnavailable (range), and a bind out of descriptors reads as files', async () => {
    const pool = new MediaPortPool('127.0.0.1', await freeRange(2)); // one pair
    const pair = await pool.open();
    const asked = socketBufferSizes().recvBufferSize;
    // Linux doubles what is asked (its bookkeeping): the socket holds at least what the pool asked for
    if (asked !== undefined) expect(pair.rtp.getRecvBufferSize()).to.be.at.least(asked);
    try {
      const error = await pool.open().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).to.be.instanceOf(MediaPortsUnavailable);
      expect((error as MediaPortsUnavailable).reason).to.equal('range');
    } finally {
      pair.release();
      pool.dispose();
    }
    expect(outOfFiles(Object.assign(new Error('bind EMFILE 127.0.0.1:4000'), { code: 'EMFILE' }))).to.equal(true);
    expect(outOfFiles(Object.assign(new Error('bind EADDRINUSE'), { code: 'EADDRINUSE' }))).to.equal(false);
  });

  it('a caller whose call cannot get its second pair is refused, and the first pair goes back to the range', async () => {
    const pool = new MediaPortPool('127.0.0.1', await freeRange(2), { maxIdle: 0 }); // one pair: one side only
    const refused: MediaPortsUnavailable[] = [];
    const sip = {
      pool: () => pool,
      openRelay: (ports: [MediaPortPool, MediaPortPool], options: RelayOptions, events: RelayEvents) =>
        RtpRelay.open(ports, options, events),
      now: () => 0,
      admitsMedia: () => true,
      warn: () => undefined,
      mediaRefused: (_node: unknown, error: MediaPortsUnavailable) => refused.push(error),
    } as unknown as LabSip;
    const media = new CallMedia();
    const anchoring = await new MediaWiring(sip).anchorCaller(media, planNode('pbx'), OFFER, () => undefined);
    expect(anchoring.kind).to.equal('refused');
    expect(media.relay, 'no relay: the call is not carried').to.equal(undefined);
    expect(pool.inUse, 'the pair the first side took is released').to.equal(0);
    const again = await pool.open(); // the range serves the next call
    again.release();
    pool.dispose();
  });

  it('logs the first refusal of a burst and its end, and counts every refusal by reason', async () => {
    const lines: string[] = [];
    let now = 0;
    const refusals = new MediaRefusals(
      (_fields, message) => lines.push(message),
      20,
      () => now,
    );
    for (let i = 0; i < 50; i += 1) refusals.refused('pbx', new MediaPortsUnavailable('range', 'no pair'));
    refusals.refused('pbx', new MediaPortsUnavailable('files', 'EMFILE'));
    expect(lines).to.have.length(1);
    expect(lines[0]).to.match(/refused 503: no RTP port pair left/);
    now = 30;
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(lines).to.have.length(2);
    expect(lines[1]).to.match(/51 calls were refused 503/);
    expect(refusals.totals()).to.deep.equal({ range: 50, files: 1 });
    refusals.dispose();
  });
});

describe('media capacity: what the RTP ranges and the open-file limit allow', () => {
  it('counts two pairs and four descriptors per call, and says when the open-file limit caps the calls', () => {
    expect(pairsOf({ first: 40000, last: 49999 })).to.equal(5000);
    expect(pairsOf({ first: 40001, last: 40004 })).to.equal(1); // 40002/40003; 40004 has no RTCP port in the range
    const ranges = [
      { host: '0.0.0.0', first: 40000, last: 49999 },
      { host: '0.0.0.0', first: 40000, last: 49999 }, // a second node on the same controller: the same ports
    ];
    const roomy = mediaCapacity(ranges, 65536);
    expect(roomy).to.include({ callsByPorts: 2500, callsByFiles: 16128, anchoredCalls: 2500, limitedByFiles: false });
    expect(roomy.ranges).to.have.length(1);
    const capped = mediaCapacity(ranges, 4096);
    expect(capped).to.include({ callsByFiles: 768, anchoredCalls: 768, limitedByFiles: true });
    expect(mediaCapacity(ranges, undefined)).to.include({ anchoredCalls: 2500, limitedByFiles: false });
  });

  it('reads the soft open-file limit of a limits file, and none where it says unlimited', () => {
    const dir = os.tmpdir();
    const file = path.join(dir, `limits-${process.pid}`);
    writeFileSync(
      file,
      'Limit  Soft Limit  Hard Limit  Units\nMax open files            20000                524288               files\n',
    );
    expect(readOpenFileLimit(file)).to.equal(20000);
    writeFileSync(file, 'Max open files            unlimited            unlimited            files\n');
    expect(readOpenFileLimit(file)).to.equal(undefined);
    expect(readOpenFileLimit(path.join(dir, 'no-such-limits'))).to.equal(undefined);
  });

  it('asks socket buffers no larger than the kernel allows', () => {
    const sizes = socketBufferSizes(1 << 30);
    if (sizes.rmemMax !== undefined) expect(sizes.recvBufferSize).to.equal(sizes.rmemMax);
    if (sizes.wmemMax !== undefined) expect(sizes.sendBufferSize).to.equal(sizes.wmemMax);
    expect(socketBufferSizes(4096).recvBufferSize ?? 4096).to.equal(4096);
  });
});
