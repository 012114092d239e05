import { expect } from 'chai';
import type { TestGateway } from '../../support/TestGateway.js';
import { udpPortBindable } from '../../support/udpPorts.js';
import { fixture, runSipp, type RunningSipp } from '../../support/sip/sipp.js';
import { rangedMediaLab } from './rangedMediaLab.js';

/** The simulator's counter of calls refused for want of media ports, as a scraper reads it (0 before any). */
async function mediaRefused(gateway: TestGateway): Promise<number> {
  const text = await (await fetch(new URL('/_sim/metrics', gateway.baseUrl))).text();
  return Number(/^gwsim_media_refused_total (\d+)/m.exec(text)?.[1] ?? 0);
}

/**
 * A call anchors one RTP port pair per side; with one pair in the nodes' range no call can get its media, and the
 * gateway refuses it 503 (RFC 3261 section 21.5.4) rather than carry it without its relay, counting it at
 * /_sim/metrics; the pair the first side took goes back to the range.
 */
describe('real SIP: a call that cannot get media ports is refused 503 and counted', function () {
  this.timeout(120_000);
  let gateway: TestGateway | undefined;
  let uas: RunningSipp | undefined;
  let pbxPort: number;
  let range: { first: number; last: number };

  before(async () => {
    // one RTP/RTCP pair: half a call's media
    ({ gateway, uas, pbxPort, range } = await rangedMediaLab(2, [65033, 65034]));
  });

  after(async () => {
    await uas?.stop();
    await gateway?.stop();
  });

  it('answers 503 before the call is carried, counts it, and holds no port of the range afterwards', async () => {
    const before = await mediaRefused(gateway!);
    const result = await runSipp({
      scenario: fixture('uac-expect-status'),
      remote: `127.0.0.1:${pbxPort}`,
      service: '4930123456',
      keys: { status: '503' },
      calls: 2,
      timeoutMs: 30_000,
    });
    expect(result.successful, `${result.errors}\n${result.stderr}`).to.equal(2);
    const deadline = Date.now() + 5000; // the simulator's thread tells its figures once a second
    while ((await mediaRefused(gateway!)) < before + 2 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await mediaRefused(gateway!)).to.equal(before + 2);
    // the pair the caller's side took is resting in the pool, bound; stopping the gateway frees it
    const stopping = gateway!;
    gateway = undefined;
    await stopping.stop();
    for (const port of [range.first, range.last]) expect(await udpPortBindable(port), `port ${port}`).to.equal(true);
  });
});
