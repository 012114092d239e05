import http from 'node:http';
import tls from 'node:tls';
import { expect } from 'chai';
import { createSelfSigned } from '@gwsim/x509';
import { WebSocket } from 'ws';
import { BatchingMonitorSinks } from '../../../src/contexts/monitoring/history/application/BatchingMonitorSinks.js';
import type { ApiClient } from '../../support/ApiClient.js';
import { RealTimeClock } from '../../support/RealTimeClock.js';
import { TestGateway } from '../../support/TestGateway.js';
import { freeUdpPort, runSipp } from '../../support/sip/sipp.js';
import { until } from '../../support/sip/sipPhone.js';
import { PROFILES, addSystem } from '../../acceptance/configuration/nodesSupport.js';
import { createObject } from '../../acceptance/configuration/objectsSupport.js';
import { licenseAndTurnSipOn } from './sipLabSupport.js';
import { gatesFollow } from './sipTransportSupport.js';
import { WsPhone } from './wsPhone.js';

const DOMAIN = 'webrtc.test';

interface ListenerView {
  nodeName: string;
  transport: string;
  port: number;
  state: string;
}

/** What the port answers an HTTP request that is not a proper handshake: the status line's code. */
function handshakeStatus(port: number, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path, headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    request.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve(res.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end();
  });
}

/** A routing domain "Browsers" for calls from `sources`: the numbers 100x go to the WebRTC node `browsers`. */
async function routeToBrowsers(admin: ApiClient, sources: string[], browsers: string): Promise<void> {
  const domain = await admin.post('/api/routingDomains/add', {
    version: 1,
    json: { displayName: 'Browsers', sourceNodes: sources },
  });
  expect(domain.status, domain.text).to.equal(200);
  const route = await admin.post('/api/routingDomains/routes/add', {
    version: 1,
    query: { routingDomain: 'Browsers' },
    json: {
      displayName: 'To the browsers',
      enabled: true,
      establishment: {
        action: 'ACCEPT',
        routingTargets: [{ destinationNodeId: browsers, routingForwardProfileId: '' }],
      },
      filters: [{ sourceNodeIds: sources, destinationDialString: { type: 'WILDCARD', wildcardPattern: '100*' } }],
    },
  });
  expect(route.status, route.text).to.equal(200);
}

/**
 * Browsers call through a WebRTC node over SIP over WebSocket (RFC 7118): a WebRTC node built through the API
 * (WebSocket stack WS on a port of its own, plus the lab's port offset), two `ws` phones register at it with their
 * digests and call each other through the lab (the route from the node to itself), the call reaching the called
 * phone over its own connection; the call is in activeSessions and in the history with its WS messages. Bad input on
 * the port is refused and the lab carries the next call; a phone whose connection closed is unreachable (480).
 */
describe('SIP over WebSocket at a WebRTC node (real SIP)', function () {
  this.timeout(60_000);
  let gateway: TestGateway;
  let admin: ApiClient;
  let wsPort: number;
  let wssPort: number;
  let pbxPort: number;
  let browsersId: string;
  let url: string;
  const phones: WsPhone[] = [];

  const phone = async (user: string, password: string): Promise<WsPhone> => {
    const p = await WsPhone.open(url, user, DOMAIN);
    phones.push(p);
    expect(await p.register(password), `${user} registers`).to.equal(200);
    return p;
  };

  before(async function () {
    // the lab's own ports: the demo's nodes listen at their ports plus an offset nobody else's run uses
    const offset = 20_000 + Math.floor(Math.random() * 5_000);
    wsPort = await freeUdpPort(); // a free number (checked for TCP below, by the listener's own state)
    url = `ws://127.0.0.1:${wsPort}/sip`;
    gateway = await TestGateway.start({ clock: new RealTimeClock(), config: { sipT1Ms: 50 } });
    admin = gateway.admin();
    const eth0 = (await admin.get('/api/objects/sorts', { query: { sort: 'IN_STACK', displayName: 'eth0' } })).json;
    await createObject(admin, 'SIPAUTH_STACK', 'browser 1001', { username: '1001', password: 'Web-1001-Pw' });
    await createObject(admin, 'SIPAUTH_STACK', 'browser 1002', { username: '1002', password: 'Web-1002-Pw' });
    const websocket = await createObject(admin, 'WEBSOCKET_STACK', 'Browsers websocket', {
      port: String(wsPort - offset),
      path: '/sip',
      secure: false,
      networkControllerId: eth0.id,
    });
    const media = await createObject(admin, 'MNS_STACK', 'Browsers media', { networkControllerId: eth0.id });
    const server = await createObject(admin, 'WEBRTC_STACK', 'Browsers WebRTC server', {
      websocketId: websocket['id'],
      mediaNegotiationId: media['id'],
    });
    const node = await createObject(admin, 'TELWEBRTC_STACK', 'Browsers', { webrtcServerId: server['id'] });
    browsersId = node['id'];
    // a WSS node with the certificate of its WebSocket stack's security profile, and one without a certificate
    const tls = createSelfSigned({ commonName: 'browsers.lab.test', dnsNames: ['browsers.lab.test'] });
    const identity = await createObject(admin, 'CRY_X509_STACK', 'Browsers identity', {
      certificate: tls.certificate,
      privateKey: tls.privateKey,
    });
    const security = await createObject(admin, 'INS_STACK', 'Browsers TLS', { digitalIdentityId: identity['id'] });
    wssPort = await freeUdpPort();
    for (const [name, port, profile] of [
      ['Secure browsers', wssPort, security['id']],
      ['Browsers without a certificate', wssPort + 1 > 65535 ? wssPort - 1 : wssPort + 1, undefined],
    ] as const) {
      const secure = await createObject(admin, 'WEBSOCKET_STACK', `${name} websocket`, {
        port: String(port - offset),
        secure: true,
        networkControllerId: eth0.id,
        ...(profile ? { networkSecurityProfileId: profile } : {}),
      });
      const secureServer = await createObject(admin, 'WEBRTC_STACK', `${name} WebRTC server`, {
        websocketId: secure['id'],
      });
      await createObject(admin, 'TELWEBRTC_STACK', name, { webrtcServerId: secureServer['id'] });
    }
    // a PBX node SIPp calls in at (UDP), and one routing domain: the browsers' and the PBX's calls to 100x go to
    // the browser registered under the number
    pbxPort = await freeUdpPort();
    const [pbx] = await addSystem(admin, PROFILES.genericPbx, {
      displayName: 'PBX',
      udpTcpPort: pbxPort - offset,
      tlsPort: pbxPort - offset + 1,
    });
    await routeToBrowsers(admin, [node['id'], pbx!.id], node['id']);
    expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
    const listeners = (await licenseAndTurnSipOn(admin, { portOffset: offset })).listeners as ListenerView[];
    expect(
      listeners.filter((l) => l.nodeName === 'Browsers').map((l) => `${l.transport} ${l.port} ${l.state}`),
      JSON.stringify(listeners),
    ).to.deep.equal([`WS ${wsPort} listening`]);
    expect(
      listeners
        .filter((l) => l.nodeName.includes('ecure') || l.nodeName.includes('certificate'))
        .map((l) => `${l.nodeName} ${l.transport} ${l.state}`),
      JSON.stringify(listeners),
    ).to.have.members(['Secure browsers WSS listening', 'Browsers without a certificate WSS failed']);
    const failed = listeners.find((l) => l.nodeName === 'Browsers without a certificate') as ListenerView & {
      error: string;
    };
    expect(failed.error).to.match(/WSS needs a certificate/);
  });

  after(async () => {
    for (const p of phones) await p.close();
    await gateway?.stop();
  });

  async function call(caller: WsPhone, called: WsPhone, number: string): Promise<void> {
    const before = called.requests('BYE').length;
    expect(await caller.call(number), 'the call is answered').to.equal(200);
    await until(async () => called.requests('ACK').length > 0, 'the called phone gets its ACK');
    expect(await caller.hangUp(), 'the BYE is answered').to.equal(200);
    await until(async () => called.requests('BYE').length > before, 'the called phone gets the BYE');
  }

  it('two browsers register over the WebSocket and call each other: the INVITE reaches the called one over its connection', async () => {
    const alice = await phone('1001', 'Web-1001-Pw');
    const bob = await phone('1002', 'Web-1002-Pw');
    expect(await alice.call('1002')).to.equal(200);
    const invite = bob.requests('INVITE')[0]!;
    expect(invite.uri, "the Request-URI is the browser's Contact").to.equal(bob.contact);
    expect(invite.headers.find((h) => h.name === 'Via')!.value).to.match(/^SIP\/2\.0\/WS /);
    await until(async () => bob.requests('ACK').length === 1, 'the ACK over the connection');

    const active = await admin.post('/api/activeSessions/get', { json: {} });
    expect(active.status, active.text).to.equal(200);
    const session = (active.json.activeSessions as any[]).find((s) => s.incoming.telLocalNumber === '1002');
    expect(session, JSON.stringify(active.json)).to.not.equal(undefined);
    expect(session.incoming.transportProtocol).to.equal('WS');
    expect(session.outgoing[0].transportProtocol).to.equal('WS');

    expect(await alice.hangUp()).to.equal(200);
    await until(async () => bob.requests('BYE').length === 1, 'the BYE reaches the called browser');

    const entries = async (): Promise<any[]> => {
      await gateway.get(BatchingMonitorSinks).flush();
      const history = await admin.post('/api/callHistory/get', {
        query: { dateFormat: 'ISO-8601' },
        json: { count: 10 },
      });
      expect(history.status, history.text).to.equal(200);
      return (history.json.entries as any[]).filter((e) => e.inboundDestinationDialString === '1002');
    };
    await until(async () => (await entries()).length === 1, 'the call is in the history');
    const entry = (await entries())[0]!;
    expect(entry).to.include({ result: 'ANSWERED', sipStatusCode: 200, disconnectingSide: 'inbound' });
    const messages = await admin.get('/api/messageHistory', {
      query: { filterSessionIdentifier: entry.sessionIdentifier },
    });
    expect(messages.status, messages.text).to.equal(200);
    const stored = messages.json as { protocol: string; messageType: string; callIndex: number }[];
    expect(stored.length).to.be.greaterThan(6);
    expect([...new Set(stored.map((m) => m.protocol))]).to.deep.equal(['WS']);
    expect(stored.filter((m) => m.callIndex === 1).map((m) => m.messageType)).to.include.members(['INVITE', 'BYE']);
  });

  it("takes WSS with the certificate of the WebSocket stack's security profile", async () => {
    const secure = await WsPhone.open(`wss://127.0.0.1:${wssPort}/ws`, '1001', DOMAIN);
    phones.push(secure);
    expect(secure.ws.protocol).to.equal('sip');
    expect(await secure.register('Web-1001-Pw'), 'a REGISTER over WSS').to.equal(200);
    const presented = await new Promise<string>((resolve, reject) => {
      const socket = tls.connect({ host: '127.0.0.1', port: wssPort, rejectUnauthorized: false }, () => {
        resolve(String(socket.getPeerCertificate().subject.CN));
        socket.destroy();
      });
      socket.on('error', reject);
    });
    expect(presented, 'the certificate the listener presents').to.equal('browsers.lab.test');
    await secure.close();
  });

  it('SIPp calls a browser through the lab: UDP in at a PBX node, over the WebSocket to the registered browser', async () => {
    const grace = await phone('1002', 'Web-1002-Pw');
    const caller = await runSipp({
      scenario: 'uac',
      remote: `127.0.0.1:${pbxPort}`,
      service: '1002',
      calls: 1,
      extra: ['-d', '200'],
      timeoutMs: 30_000,
    });
    expect(caller.successful, `${caller.errors}\n${caller.stderr}`).to.equal(1);
    expect(grace.requests('INVITE'), 'the INVITE over the browser connection').to.have.length(1);
    await until(async () => grace.requests('BYE').length === 1, "SIPp's BYE reaches the browser");
    await grace.close();
  });

  it("meets the gates and faults as any node's calls: maintenance mode and a trunkDown fault refuse with 503", async () => {
    const henry = await phone('1001', 'Web-1001-Pw');
    const ida = await phone('1002', 'Web-1002-Pw');
    expect((await admin.put('/api/maintenanceMode/set', { json: { modeActive: true } })).status).to.equal(200);
    try {
      await gatesFollow();
      expect(await henry.call('1002'), 'maintenance mode takes no new call').to.equal(503);
    } finally {
      expect((await admin.put('/api/maintenanceMode/set', { json: { modeActive: false } })).status).to.equal(200);
      await gatesFollow();
    }
    const fault = await admin.post('/_sim/labs/default/faults', {
      version: null,
      json: { effect: { kind: 'trunkDown', node: browsersId } },
    });
    expect(fault.status, fault.text).to.equal(200);
    try {
      expect(await henry.call('1002'), "the WebRTC node's trunk refuses").to.equal(503);
    } finally {
      const removed = await admin.delete(`/_sim/labs/default/faults/${fault.json.id}`, { version: null });
      expect(removed.status).to.be.oneOf([200, 204]);
    }
    expect(ida.requests('INVITE'), 'nothing reached the called browser').to.have.length(0);
    await call(henry, ida, '1002');
  });

  it('refuses bad input on the WebSocket port, and the lab carries the next call', async () => {
    const upgrade = {
      Connection: 'Upgrade',
      Upgrade: 'websocket',
      'Sec-WebSocket-Version': '13',
      'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
    };
    expect(await handshakeStatus(wsPort, '/sip', {}), 'not a handshake').to.equal(426);
    expect(
      await handshakeStatus(wsPort, '/sip', { ...upgrade, 'Sec-WebSocket-Protocol': 'chat' }),
      'another subprotocol',
    ).to.equal(400);
    expect(await handshakeStatus(wsPort, '/sip', upgrade), 'no subprotocol').to.equal(400);
    expect(
      await handshakeStatus(wsPort, '/elsewhere', { ...upgrade, 'Sec-WebSocket-Protocol': 'sip' }),
      'another path',
    ).to.equal(404);

    const big = await WsPhone.open(url, 'x', DOMAIN);
    phones.push(big);
    big.send('x'.repeat(70_000)); // over the node's largest message (65,535 bytes)
    await until(async () => big.closed !== undefined, 'the oversized frame closes the connection');
    expect(big.closed!.code).to.equal(1009);

    const garbage = await WsPhone.open(url, 'y', DOMAIN);
    phones.push(garbage);
    garbage.send('\u0000\u0001 not SIP at all');
    garbage.send(
      'INVITE sip:1002@webrtc.test SIP/2.0\r\nVia: SIP/2.0/WS g.invalid;branch=z9hG4bKgarbage\r\nMax-Forwards: many\r\nTo: <sip:1002@webrtc.test>\r\nFrom: <sip:y@webrtc.test>;tag=g\r\nCall-ID: garbage-1\r\nCSeq: 1 INVITE\r\n\r\n',
    );
    await until(
      async () => garbage.received.some((m) => m.kind === 'response' && m.status === 400),
      'the malformed INVITE answered 400',
    );
    expect(garbage.ws.readyState, 'the connection goes on').to.equal(WebSocket.OPEN);

    const carol = await phone('1001', 'Web-1001-Pw');
    const dave = await phone('1002', 'Web-1002-Pw');
    await call(carol, dave, '1002');
  });

  it('a browser whose connection closes in a call: the gateway ends the call, a BYE to the other side', async () => {
    const jack = await phone('1001', 'Web-1001-Pw');
    const kim = await phone('1002', 'Web-1002-Pw');
    expect(await jack.call('1002')).to.equal(200);
    await until(async () => kim.requests('ACK').length === 1, 'the call is up');
    await kim.close();
    await until(async () => jack.requests('BYE').length === 1, "the caller hears the call end (the gateway's BYE)");
    const active = await admin.post('/api/activeSessions/get', { json: {} });
    expect(active.json.activeSessions, 'no call left in progress').to.deep.equal([]);
    const endedByGateway = async (): Promise<unknown[]> => {
      await gateway.get(BatchingMonitorSinks).flush();
      const history = await admin.post('/api/callHistory/get', {
        query: { dateFormat: 'ISO-8601' },
        json: { count: 50 },
      });
      return (history.json.entries as { result: string; disconnectingSide: string }[]).filter(
        (e) => e.result === 'ANSWERED' && e.disconnectingSide === 'gateway',
      );
    };
    await until(async () => (await endedByGateway()).length === 1, 'the call in the history, hung up by the gateway');
  });

  it('a browser whose connection closed is unreachable: its binding goes and a call to it gets 480', async () => {
    const erin = await phone('1001', 'Web-1001-Pw');
    const frank = await phone('1002', 'Web-1002-Pw');
    // every earlier 1002 closes: frank's connection is the only one left bound to 1002
    for (const p of phones) if (p !== erin && p !== frank) await p.close();
    await frank.close();
    // the dashboard lists each node's registered clients
    const bound = async (): Promise<string[]> => {
      const answer = await admin.get('/api/dashboard/get');
      expect(answer.status, answer.text).to.equal(200);
      const node = (answer.json.sipNodes as any[]).find((n) => n.displayName === 'Browsers');
      return (node?.registeredClientList ?? []).map((c: { bindingIri: string }) => c.bindingIri);
    };
    await until(async () => (await bound()).join() === erin.contact, 'only the browser still connected is bound');
    expect(await erin.call('1002')).to.equal(480);
  });
});
