import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import {
  fixture,
  freeUdpPort,
  runSipp,
  startSipp,
  type RunningSipp,
  type SippOptions,
  type SippResult,
} from '../../support/sip/sipp.js';
import { PROFILES, addSystem } from '../../acceptance/configuration/nodesSupport.js';
import { sipTransportLab, V1, type SipTransportIds } from './sipTransportSupport.js';

function succeeded(result: SippResult, who: string): void {
  expect(result, `${who}: ${result.errors}\n${result.logs}\n${result.stderr}`).to.include({
    exitCode: 0,
    successful: 1,
    failed: 0,
  });
}

/** The sipfrag status lines a transferor logged, one per NOTIFY. */
const notified = (result: SippResult) => [...result.logs.matchAll(/notify SIP\/2\.0 (\d{3})/g)].map((m) => m[1]);

/** A transfer's NOTIFYs: 100 Trying first, the target's 2xx last, its ringing (when reported in time) between. */
function progressed(result: SippResult): void {
  const statuses = notified(result);
  expect(statuses[0], statuses.join(' ')).to.equal('100');
  expect(statuses.at(-1), statuses.join(' ')).to.equal('200');
  expect(
    statuses.slice(1, -1).every((status) => status === '180'),
    statuses.join(' '),
  ).to.equal(true);
}

interface Attempt {
  nodeId: string;
  destinationDialString: string;
  sipStatusCode: number;
  transferrerDialString?: string;
}

/** A route of the lab's routing domain: numbers matching `pattern` from `sources` to `target`, with a forward profile. */
async function addRoute(
  admin: ApiClient,
  name: string,
  pattern: string,
  sources: string[],
  target: string,
  profile = '',
): Promise<void> {
  const route = await admin.post('/api/routingDomains/routes/add', {
    ...V1,
    query: { routingDomain: 'Main' },
    json: {
      displayName: name,
      enabled: true,
      establishment: {
        action: 'ACCEPT',
        routingTargets: [{ destinationNodeId: target, routingForwardProfileId: profile }],
      },
      filters: [{ sourceNodeIds: sources, destinationDialString: { type: 'WILDCARD', wildcardPattern: pattern } }],
    },
  });
  expect(route.status, route.text).to.equal(200);
}

/**
 * Transfers inside calls (RFC 3515, RFC 3892) through a lab of SIPp parties: the PBX's caller calls the far PBX;
 * numbers 50… go to a third PBX (the transfer target). With the default forward profile the gateway carries a REFER
 * out itself (202, NOTIFYs with the target's progress, the target in the transferor's place, a BYE to the
 * transferor; an attended transfer's Replaces named anew for the target); numbers 48… reach the far PBX through a
 * profile that forwards REFER, so its REFER is relayed to the caller, which performs the transfer itself.
 */
describe('real SIP through a lab: transfer (REFER) carried out by the gateway or relayed', function () {
  this.timeout(120_000);
  const lab = sipTransportLab();
  let admin: ApiClient;
  let pbxPort: number;
  let uasPort: number;
  let targetPort: number;
  let ids: SipTransportIds;
  let target: string;
  const running: RunningSipp[] = [];
  /** A SIPp party in the background, stopped after its test whatever happened (its port free for the next). */
  const party = async (options: SippOptions) => {
    const sipp = await startSipp(options);
    running.push(sipp);
    return sipp;
  };
  afterEach(async () => {
    await Promise.all(running.splice(0).map((sipp) => sipp.stop()));
  });

  before(async () => {
    ({ admin, pbxPort, uasPort, ids } = lab.state());
    targetPort = await freeUdpPort();
    const [node] = await addSystem(admin, PROFILES.genericPbx, {
      displayName: 'Target PBX',
      udpTcpPort: await freeUdpPort(),
      tlsPort: 65003,
      remoteSipDomain: { host: '127.0.0.1', port: targetPort, transport: 'UDP' },
    });
    target = node!.id;
    // the far PBX's party is a transferee too: its transfers are routed from its node
    const domain = await admin.post('/api/routingDomains/set', {
      ...V1,
      query: { routingDomain: 'Main' },
      json: { sourceNodes: [ids.far] },
    });
    expect(domain.status, domain.text).to.equal(200);
    await addRoute(admin, 'Transfer targets', '50*', [ids.pbx, ids.far], target);
    const profile = await admin.post('/api/routingForwardProfiles/add', {
      json: {
        displayName: 'Forwards transfers',
        signalingForwardingFromCallingToCalled: { ADDRESS: true, REFER: true },
        signalingForwardingFromCalledToCalling: { ADDRESS: true, REFER: true },
      },
    });
    expect(profile.status, profile.text).to.equal(200);
    await addRoute(admin, 'Transparent transfers', '48*', [ids.pbx], ids.far, profile.json.id);
    await lab.commit();
  });

  it('carries out a transfer the called party asks for: the caller ends up talking to the target', async () => {
    const targetUas = await party({ scenario: 'uas', localPort: targetPort, calls: 1, timeoutMs: 60_000 });
    const transferor = await party({
      scenario: fixture('uas-refer'),
      localPort: uasPort,
      calls: 1,
      keys: { hold_ms: '300', refer_to: '5012345@127.0.0.1' },
      timeoutMs: 60_000,
    });
    const caller = await runSipp({
      scenario: fixture('uac-expect-status'),
      remote: `127.0.0.1:${pbxPort}`,
      service: '4930123456',
      calls: 1,
      keys: { status: '200', hold_ms: '3000' },
      timeoutMs: 60_000,
    });
    const transferred = await transferor.done;
    const reached = await targetUas.stop();
    succeeded(caller, 'caller');
    succeeded(transferred, 'transferor');
    progressed(transferred);
    expect(reached.successful, `the target took the caller's BYE: ${reached.errors}`).to.equal(1);
    const [entry] = await lab.settledHistory((e) => e.inboundNodeId === ids.pbx, 1);
    expect(entry).to.include({ result: 'ANSWERED', outboundNodeId: target });
    const attempts = (entry as unknown as { attempts: Attempt[] }).attempts;
    expect(attempts.map((a) => [a.nodeId, a.sipStatusCode, a.transferrerDialString])).to.deep.equal([
      [ids.far, 200, undefined],
      [target, 200, '+4930123456'],
    ]);
  });

  it('re-INVITEs a transferee its transferor held: sendrecv, the next o= version, the relay address; in the ladder', async () => {
    const targetUas = await party({ scenario: 'uas', localPort: targetPort, calls: 1, timeoutMs: 60_000 });
    const transferor = await party({
      scenario: fixture('uas-hold-refer'),
      localPort: uasPort,
      calls: 1,
      keys: { hold_ms: '300', refer_to: '5012345@127.0.0.1' },
      timeoutMs: 60_000,
    });
    const caller = await runSipp({
      scenario: fixture('uac-held-transferred'),
      remote: `127.0.0.1:${pbxPort}`,
      service: '4930123460',
      calls: 1,
      keys: { hold_ms: '1000' },
      timeoutMs: 60_000,
    });
    succeeded(caller, 'transferee');
    const transferred = await transferor.done;
    succeeded(transferred, 'transferor');
    progressed(transferred);
    expect((await targetUas.stop()).successful, "the target took the transferee's BYE").to.equal(1);
    const logged = /hold o=(\S+ \S+) (\d+) (.*?) m=audio (\d+) .*; transfer o=(\S+ \S+) (\d+) (.*?) m=audio (\d+)/.exec(
      caller.logs,
    );
    expect(logged, caller.logs).not.to.equal(null);
    const [, heldSession, heldVersion, heldAddress, heldPort, session, version, address, port] = logged!;
    // RFC 3264 section 8: the session the transferee knows, its version one higher; the relay's address unchanged
    expect([session, Number(version), address, port]).to.deep.equal([
      heldSession,
      Number(heldVersion) + 1,
      heldAddress,
      heldPort,
    ]);
    const [entry] = await lab.settledHistory((e) => e.inboundDestinationDialString === '4930123460', 1);
    expect(entry).to.include({ result: 'ANSWERED', outboundNodeId: target });
    const ladder = await admin.get('/api/messageHistory', {
      query: { filterSessionIdentifier: entry!.sessionIdentifier },
    });
    expect(ladder.status, ladder.text).to.equal(200);
    const toTransferee = (ladder.json as { callIndex: number; direction: string; messageType: string }[])
      .filter((m) => m.callIndex === 0)
      .map((m) => `${m.direction} ${m.messageType}`);
    // the relayed hold, then the gateway's own re-INVITE, each answered and ACKed
    expect(toTransferee.filter((m) => m === 'sent INVITE')).to.have.length(2);
    expect(toTransferee.filter((m) => m === 'received 200 OK').length).to.be.at.least(2);
    expect(toTransferee.filter((m) => m === 'sent ACK')).to.have.length(2);
  });

  it('carries out a transfer the caller asks for: the target takes the caller place', async () => {
    const targetUas = await party({ scenario: 'uas', localPort: targetPort, calls: 1, timeoutMs: 60_000 });
    const farEnd = await party({
      scenario: fixture('uas-hangup'),
      localPort: uasPort,
      calls: 1,
      keys: { hold_ms: '3000' },
      timeoutMs: 60_000,
    });
    const caller = await runSipp({
      scenario: fixture('uac-refer'),
      remote: `127.0.0.1:${pbxPort}`,
      service: '4930123457',
      calls: 1,
      keys: { hold_ms: '300', refer_to: '5012345' },
      timeoutMs: 60_000,
    });
    succeeded(caller, 'caller');
    progressed(caller);
    succeeded(await farEnd.done, 'far end');
    const reached = await targetUas.stop();
    expect(reached.successful, `the target took the far end's BYE: ${reached.errors}`).to.equal(1);
    const [entry] = await lab.settledHistory((e) => e.inboundDestinationDialString === '4930123457', 1);
    expect(entry).to.include({ result: 'ANSWERED' });
    const attempts = (entry as unknown as { attempts: Attempt[] }).attempts;
    expect(attempts.map((a) => [a.nodeId, a.sipStatusCode, a.transferrerDialString])).to.deep.equal([
      [ids.far, 200, undefined],
      [target, 200, 'sipp'],
    ]);
  });

  it("passes an attended transfer's Replaces on to the target, naming the gateway's own dialog with it", async () => {
    const target = await party({
      scenario: fixture('uas-log-replaces'),
      localPort: targetPort,
      calls: 2,
      timeoutMs: 60_000,
    });
    // the transferor's consultation call to the target, its Call-ID known so that the Replaces can name it
    const consultation = runSipp({
      scenario: fixture('uac-expect-status'),
      remote: `127.0.0.1:${pbxPort}`,
      service: '5012345',
      calls: 1,
      keys: { status: '200', hold_ms: '6000' },
      extra: ['-cid_str', 'attended-%u@%s'],
      timeoutMs: 60_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const replaces = encodeURIComponent('attended-1@127.0.0.1;to-tag=transferor-side;from-tag=unknown');
    const transferor = await party({
      scenario: fixture('uas-refer'),
      localPort: uasPort,
      calls: 1,
      keys: { hold_ms: '300', refer_to: `5012345@127.0.0.1?Replaces=${replaces}` },
      timeoutMs: 60_000,
    });
    const caller = await runSipp({
      scenario: fixture('uac-expect-status'),
      remote: `127.0.0.1:${pbxPort}`,
      service: '4930123459',
      calls: 1,
      keys: { status: '200', hold_ms: '3000' },
      timeoutMs: 60_000,
    });
    succeeded(caller, 'transferee');
    succeeded(await transferor.done, 'transferor');
    succeeded(await consultation, 'consultation');
    const reached = await target.done;
    expect(reached.successful, reached.errors).to.equal(2);
    const invites = [
      ...reached.logs.matchAll(/invite call-id\s+(\S+) local-tag (\S+) remote-tag=(\S+) replaces[ \t]*(.*)/g),
    ];
    expect(invites, reached.logs).to.have.length(2);
    const [first, second] = invites as [RegExpMatchArray, RegExpMatchArray];
    expect(first[4]!.trim(), 'the consultation call replaces nothing').to.equal('');
    // RFC 3891 section 3: to-tag is the recipient's own tag, from-tag its peer's (here the gateway's)
    expect(second[4]!.trim()).to.equal(`${first[1]};to-tag=${first[2]};from-tag=${first[3]}`);
  });

  it('relays a REFER where the forward profile forwards it, and the NOTIFY back', async () => {
    const transferor = await party({
      scenario: fixture('uas-refer'),
      localPort: uasPort,
      calls: 1,
      keys: { hold_ms: '300', refer_to: '5099@127.0.0.1' },
      timeoutMs: 60_000,
    });
    const caller = await runSipp({
      scenario: fixture('uac-take-refer'),
      remote: `127.0.0.1:${pbxPort}`,
      service: '4830123456',
      calls: 1,
      timeoutMs: 60_000,
    });
    succeeded(caller, 'caller');
    expect(caller.logs).to.match(/refer-to <sip:5099@127\.0\.0\.1> referred-by <sip:transferor@127\.0\.0\.1>/);
    const transferred = await transferor.done;
    succeeded(transferred, 'transferor');
    expect(notified(transferred)).to.deep.equal(['200']);
  });

  it('reports a transfer to a number no route takes as 404 in its NOTIFY, and the call goes on', async () => {
    const transferor = await party({
      scenario: fixture('uas-refer'),
      localPort: uasPort,
      calls: 1,
      keys: { hold_ms: '300', refer_to: '7777@127.0.0.1' },
      timeoutMs: 60_000,
    });
    const caller = await runSipp({
      scenario: fixture('uac-expect-status'),
      remote: `127.0.0.1:${pbxPort}`,
      service: '4930123458',
      calls: 1,
      keys: { status: '200', hold_ms: '2000' },
      timeoutMs: 60_000,
    });
    succeeded(caller, 'caller');
    const transferred = await transferor.done;
    // the transfer failed: the transferor keeps the call, and the caller's BYE reaches it
    expect(notified(transferred)).to.deep.equal(['404']);
    expect(transferred.errors, 'the transferor waits for a BYE after a failure too').to.equal('');
  });
});
