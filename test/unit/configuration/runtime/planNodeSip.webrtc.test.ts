import { expect } from 'chai';
import { defaultSipSetting } from '../../../../src/contexts/simulation/sip/domain/SipSetting.js';
import { wantedListeners } from '../../../../src/contexts/simulation/sip/infrastructure/wantedListeners.js';
import { CERTIFICATE, KEY, GraphBuilder, node } from './planNodeSipSupport.js';

/** A WebRTC node (TELWEBRTC_STACK → WEBRTC_STACK → WEBSOCKET_STACK) with the WebSocket stack's parameters given. */
function webrtcGraph(websocket: Record<string, string | number | boolean>, withIdentity: boolean): GraphBuilder {
  const g = new GraphBuilder();
  const controller = g.add('IN_STACK', 'eth0', { ipAddress: '192.0.2.20', rtpFirstPort: 30000, rtpLastPort: 30999 });
  const identity = g.add('CRY_X509_STACK', 'identity', { certificate: CERTIFICATE, privateKey: KEY });
  const security = g.add('INS_STACK', 'tls', {}, { digitalIdentityId: [identity] });
  const listener = g.add('WEBSOCKET_STACK', 'websocket', websocket, {
    networkControllerId: [controller],
    ...(withIdentity ? { networkSecurityProfileId: [security] } : {}),
  });
  const media = g.add('MNS_STACK', 'media', { rtpTimeoutSeconds: 20 }, { networkControllerId: [controller] });
  const server = g.add('WEBRTC_STACK', 'server', {}, { websocketId: [listener], mediaNegotiationId: [media] });
  g.add('TELWEBRTC_STACK', 'Browsers', {}, { webrtcServerId: [server] });
  return g;
}

describe('the plan of a WebRTC node: its SIP over WebSocket listener and its registrar', () => {
  it('listens on its WebSocket stack only (port, path, WS), at its controller, and registers its browsers', () => {
    const plan = webrtcGraph({ port: 8443, path: '/sip', secure: false }, false).compile();
    const browsers = node(plan, 'Browsers');
    expect(browsers.sip).to.deep.include({ udp: false, tcp: false, tls: false });
    expect(browsers.sip.websocket).to.deep.equal({ port: 8443, path: '/sip', secure: false, identity: undefined });
    expect(browsers.local.host, "the WebSocket stack's interface").to.equal('192.0.2.20');
    expect(browsers.sip.media).to.include({ firstPort: 30000, lastPort: 30999, timeoutSeconds: 20 });
    expect(browsers.sip.registrar, 'a registrar with the catalog defaults').to.deep.include({
      domain: '192.0.2.20',
      acceptPolicy: 'ALWAYS',
      authenticationRequired: true,
    });

    const wanted = wantedListeners(plan, { ...defaultSipSetting(true), portOffset: 1000 }, '127.0.0.1');
    expect(wanted.map((w) => [w.node.displayName, w.transports, w.keys, w.addresses])).to.deep.equal([
      ['Browsers', ['WS'], ['127.0.0.1:9443'], [{ transport: 'WS', host: '127.0.0.1', port: 9443 }]],
    ]);
    expect(wanted[0]!.websocket).to.deep.include({ port: 9443, path: '/sip' });
  });

  it("is WSS by the catalog's default, with the certificate of the WebSocket stack's security profile", () => {
    const plan = webrtcGraph({}, true).compile();
    const websocket = node(plan, 'Browsers').sip.websocket!;
    expect(websocket).to.deep.include({ port: 8089, path: '/ws', secure: true });
    expect(websocket.identity?.certificatePem).to.equal(`${CERTIFICATE}\n`);
    const [wanted] = wantedListeners(plan, defaultSipSetting(true), '127.0.0.1');
    expect(wanted!.transports).to.deep.equal(['WSS']);
    expect(wanted!.websocket!.identity?.privateKeyPem).to.equal(`${KEY}\n`);
  });

  it('a WebRTC node whose server names no WebSocket stack listens nowhere; other nodes have no WebSocket', () => {
    const g = new GraphBuilder();
    const server = g.add('WEBRTC_STACK', 'server', {}, {});
    g.add('TELWEBRTC_STACK', 'Silent', {}, { webrtcServerId: [server] });
    g.add('TELSIP_STACK', 'Trunk', {}, {});
    const plan = g.compile();
    expect(node(plan, 'Trunk').sip.websocket).to.equal(undefined);
    expect(node(plan, 'Silent').sip.websocket).to.equal(undefined);
    const names = wantedListeners(plan, defaultSipSetting(true), '127.0.0.1').map((w) => w.node.displayName);
    expect(names).to.deep.equal(['Trunk']);
  });
});
