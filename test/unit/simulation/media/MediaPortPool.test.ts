import { spawn } from 'node:child_process';
import dgram from 'node:dgram';
import { once } from 'node:events';
import { expect } from 'chai';
import { MediaPortPool, type MediaPortPair } from '../../../../src/contexts/simulation/media/infrastructure/index.js';
import { freeRange } from './mediaHarness.js';

describe('MediaPortPool', () => {
  const opened: MediaPortPair[] = [];
  const open = async (pool: MediaPortPool) => {
    const pair = await pool.open();
    opened.push(pair);
    return pair;
  };
  afterEach(() => {
    for (const pair of opened.splice(0)) pair.release();
  });

  it('hands out RTP on even ports and RTCP on the odd port above, both bound on the host', async () => {
    const range = await freeRange(7);
    const pool = new MediaPortPool('127.0.0.1', { first: range.first + 1, last: range.last }); // an odd first port
    const a = await open(pool);
    const b = await open(pool);
    expect([a.port, b.port]).to.deep.equal([range.first + 2, range.first + 4]);
    for (const pair of [a, b]) {
      expect(pair.port % 2).to.equal(0);
      expect(pair.rtp.address()).to.include({ address: '127.0.0.1', port: pair.port });
      expect(pair.rtcp.address()).to.include({ address: '127.0.0.1', port: pair.port + 1 });
    }
    expect(pool.inUse).to.equal(2);
  });

  it('reuses freed pairs, the one freed longest ago first, after the pairs never used', async () => {
    const range = await freeRange(8);
    const pool = new MediaPortPool('127.0.0.1', range);
    const [a, b, c] = [await pool.open(), await pool.open(), await pool.open()];
    b.release();
    a.release();
    a.release(); // twice changes nothing
    expect(pool.inUse).to.equal(1);
    const next = [await open(pool), await open(pool), await open(pool)].map((p) => p.port);
    expect(next).to.deep.equal([range.first + 6, b.port, a.port]);
    c.release();
  });

  it('closes the sockets of a released pair when it may keep no idle pair', async () => {
    const pool = new MediaPortPool('127.0.0.1', await freeRange(2), { maxIdle: 0 });
    const pair = await pool.open();
    const closed = Promise.all([once(pair.rtp, 'close'), once(pair.rtcp, 'close')]);
    pair.release();
    await closed;
    expect(pool.inUse).to.equal(0);
    expect(pool.idle).to.equal(0);
  });

  it('keeps a released pair bound and hands the same sockets out again once it has rested, never to the old listeners', async () => {
    let now = 0;
    const pool = new MediaPortPool('127.0.0.1', await freeRange(8), { quarantineMs: 1000, now: () => now });
    const first = await pool.open();
    const heard: string[] = [];
    first.rtp.on('message', () => heard.push('old call'));
    first.release();
    expect(pool.idle).to.equal(1);
    expect(first.rtp.address().port).to.equal(first.port); // still bound
    now = 999;
    const fresh = await open(pool); // still resting: a pair never used comes first
    expect(fresh.port).to.not.equal(first.port);
    now = 1000;
    const again = await open(pool);
    expect(again.port).to.equal(first.port);
    expect(again.rtp).to.equal(first.rtp);
    expect(again.rtcp).to.equal(first.rtcp);
    expect(pool.idle).to.equal(0);
    const received = once(again.rtp, 'message');
    const sender = dgram.createSocket('udp4');
    try {
      sender.send(Buffer.from('late packet'), again.port, '127.0.0.1');
      const [packet] = (await received) as [Buffer];
      expect(packet.toString()).to.equal('late packet');
      expect(heard).to.deep.equal([]); // the released pair's listeners went with the release
    } finally {
      sender.close();
    }
  });

  it('hands out a resting pair rather than none when every other pair is taken', async () => {
    let now = 0;
    const range = await freeRange(4); // two pairs
    const pool = new MediaPortPool('127.0.0.1', range, { quarantineMs: 1000, now: () => now });
    const a = await pool.open();
    await open(pool);
    a.release();
    expect((await open(pool)).port).to.equal(a.port);
  });

  it('closes idle pairs beyond maxIdle and those not reused within idleMs, and all of them when disposed', async () => {
    const pool = new MediaPortPool('127.0.0.1', await freeRange(12), { maxIdle: 2, idleMs: 40 });
    const pairs = [await pool.open(), await pool.open(), await pool.open()];
    const thirdClosed = once(pairs[2]!.rtp, 'close');
    for (const pair of pairs) pair.release();
    await thirdClosed; // the third found no room
    expect(pool.idle).to.equal(2);
    await Promise.all([once(pairs[0]!.rtp, 'close'), once(pairs[1]!.rtcp, 'close')]); // the sweep after 40 ms
    expect(pool.idle).to.equal(0);

    const kept = await pool.open();
    kept.release();
    expect(pool.idle).to.equal(1);
    const closed = once(kept.rtp, 'close');
    pool.dispose();
    await closed;
    expect(pool.idle).to.equal(0);
    let error: unknown;
    try {
      await pool.open();
    } catch (e) {
      error = e;
    }
    expect((error as Error).message).to.match(/is closed/);
  });

  it('does not reuse a pair whose socket its user closed', async () => {
    const pool = new MediaPortPool('127.0.0.1', await freeRange(2));
    const pair = await pool.open();
    const rtcpClosed = once(pair.rtcp, 'close');
    pair.rtp.close();
    await once(pair.rtp, 'close');
    pair.release();
    await rtcpClosed;
    expect(pool.idle).to.equal(0);
    const next = await open(pool);
    expect(next.port).to.equal(pair.port);
    expect(next.rtp).to.not.equal(pair.rtp);
  });

  it('rejects naming the range when every pair is in use, and serves again once one is freed', async () => {
    const range = await freeRange(5); // two pairs: the last port has no RTCP port above it in the range
    const pool = new MediaPortPool('127.0.0.1', range);
    const a = await pool.open();
    await open(pool);
    let error: unknown;
    try {
      await pool.open();
    } catch (e) {
      error = e;
    }
    expect(error).to.be.instanceOf(Error);
    expect((error as Error).message).to.include(`127.0.0.1 ${range.first}-${range.last}`);
    a.release();
    expect((await open(pool)).port).to.equal(a.port);
  });

  it('skips a port another process holds', async () => {
    const range = await freeRange(4);
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `
      const s = require('node:dgram').createSocket('udp4');
      s.bind(${range.first + 1}, '127.0.0.1', () => console.log('bound'));
      process.stdin.on('end', () => process.exit(0)); process.stdin.resume();`,
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    try {
      const [line] = (await once(holder.stdout!, 'data')) as [Buffer];
      expect(line.toString().trim()).to.equal('bound');
      const pool = new MediaPortPool('127.0.0.1', range);
      expect((await open(pool)).port).to.equal(range.first + 2); // its RTCP port is taken, so the whole pair is
      let error: unknown;
      try {
        await pool.open();
      } catch (e) {
        error = e;
      }
      expect((error as Error).message).to.match(/no free RTP port pair/);
      expect(pool.inUse).to.equal(1);
    } finally {
      const exited = once(holder, 'exit');
      holder.stdin!.end();
      await exited;
    }
  });

  it('refuses a range that is not one and a host that is not an address', () => {
    expect(() => new MediaPortPool('127.0.0.1', { first: 2000, last: 1999 })).to.throw(RangeError);
    expect(() => new MediaPortPool('localhost', { first: 2000, last: 2001 })).to.throw(TypeError);
  });
});
