import { expect } from 'chai';
import { fixture, runSipp, startSipp, type SippResult } from '../../support/sip/sipp.js';
import { sipTransportLab, type SipTransportIds } from './sipTransportSupport.js';

function succeeded(result: SippResult, who: string): void {
  expect(result, `${who}: ${result.errors}\n${result.logs}\n${result.stderr}`).to.include({
    exitCode: 0,
    successful: 1,
    failed: 0,
  });
}

/** A caller scenario against the PBX node's port, with SIPp's own UAS as the far end; both results and how long the call took. */
async function call(
  scenario: string,
  pbxPort: number,
  uasPort: number,
): Promise<{ caller: SippResult; farEnd: SippResult; seconds: number }> {
  const uas = await startSipp({ scenario: 'uas', localPort: uasPort, calls: 1, timeoutMs: 100_000 });
  const started = Date.now();
  const caller = await runSipp({
    scenario: fixture(scenario),
    remote: `127.0.0.1:${pbxPort}`,
    service: '4930123456',
    calls: 1,
    timeoutMs: 100_000,
  });
  const seconds = (Date.now() - started) / 1000;
  const farEnd = await Promise.race([uas.done, new Promise<undefined>((r) => setTimeout(() => r(undefined), 10_000))]);
  return { caller, farEnd: farEnd ?? (await uas.stop()), seconds };
}

/**
 * Session timers (RFC 4028) on the real legs of a lab, per leg: the caller's leg runs the interval and refresher the
 * caller asked for, whatever the far end's leg does (SIPp's UAS knows no session timers: its leg runs none). The
 * node's user agent keeps the catalog's defaults (on, 1800 s, Min-SE 90): the callers ask for 90 s, the shortest.
 * The timing itself is the unit tests' (LegSessionTimer, on a manual clock); these calls check the wire.
 */
describe('real SIP through a lab: session timers on the caller leg (SIPp as caller and far end)', function () {
  this.timeout(180_000);
  const lab = sipTransportLab();
  let pbxPort: number;
  let uasPort: number;
  let ids: SipTransportIds;
  before(() => ({ pbxPort, uasPort, ids } = lab.state()));

  it('refreshes a caller that asked the gateway to (90;refresher=uas) with a re-INVITE at 45 s, its SDP unchanged, not relayed to the far end', async () => {
    const { caller, farEnd, seconds } = await call('uac-session-refreshed', pbxPort, uasPort);
    succeeded(caller, 'caller');
    // SIPp's UAS takes no re-INVITE in its scenario: a refresh relayed to it would fail its call
    succeeded(farEnd, 'far end');
    expect(caller.logs).to.match(/refresh re-INVITE: Session-Expires\s+90;refresher=uac, Supported\s+timer/);
    expect(seconds, 'the refresh comes at half the interval').to.be.within(44, 52);
    const [entry] = await lab.settledHistory((e) => e.inboundNodeId === ids.pbx, 1);
    expect(entry).to.include({ result: 'ANSWERED', sipStatusCode: 200 });
  });

  it('ends the call with a BYE on both legs at 60 s when the caller that refreshes (90;refresher=uac) never does', async () => {
    const earlier = new Set((await lab.history()).map((e) => e.sessionIdentifier));
    const { caller, farEnd, seconds } = await call('uac-session-lapses', pbxPort, uasPort);
    succeeded(caller, 'caller');
    succeeded(farEnd, 'far end (its call ends on the BYE it gets)');
    expect(seconds, 'the interval less min(32 s, interval / 3)').to.be.within(59, 66);
    const entries = await lab.settledHistory((e) => e.inboundNodeId === ids.pbx, earlier.size + 1);
    const added = entries.filter((e) => !earlier.has(e.sessionIdentifier));
    expect(added).to.have.length(1);
    expect(added[0]).to.include({ result: 'ANSWERED', sipStatusCode: 200, disconnectingSide: 'gateway' });
  });

  it('refuses an INVITE whose Session-Expires (30) is below the Min-SE 422 with Min-SE: 90', async () => {
    const caller = await runSipp({
      scenario: fixture('uac-session-too-small'),
      remote: `127.0.0.1:${pbxPort}`,
      service: '4930123456',
      calls: 1,
      timeoutMs: 30_000,
    });
    succeeded(caller, 'caller');
    expect(caller.logs).to.match(/422 with Min-SE\s*90/);
  });
});
